package dev.vaultload.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResultsLocationTest {

    @Test
    void aDirectoryHoldsShardFolders() {
        ResultsLocation location = ResultsLocation.parse("/tmp/results");

        assertEquals(new ResultsLocation.Directory(Path.of("/tmp/results")), location);
        assertEquals("/tmp/results/r1/shard-2", location.shardFolder("r1", 2));
    }

    @Test
    void aBucketWithAPrefixTakesItWithoutItsSlashes() {
        ResultsLocation.Bucket location = (ResultsLocation.Bucket) ResultsLocation.parse("s3://vaultload-results/nightly/");

        assertEquals(new ResultsLocation.Bucket("vaultload-results", "nightly"), location);
        assertEquals("nightly/r1/shard-0/x", location.keyOf("r1/shard-0/x"));
        assertEquals("nightly/r1/shard-0/", location.shardKey("r1", 0));
        assertEquals("s3://vaultload-results/nightly/r1/shard-0/", location.shardFolder("r1", 0));
        assertEquals("s3://vaultload-results/nightly", location.toString());
    }

    @Test
    void aBucketAloneIsItsRoot() {
        ResultsLocation.Bucket location = (ResultsLocation.Bucket) ResultsLocation.parse("s3://vaultload-results");

        assertEquals("", location.prefix());
        assertEquals("r1/", location.keyOf("r1/"));
        assertEquals("r1/shard-3/", location.shardKey("r1", 3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"s3://", "s3://UPPER", "s3://a", "s3://bucket/with space", "s3://-bucket", "ftp://x/y", "https://h/b"})
    void aMalformedUrlIsRefused(String text) {
        assertEquals(text, assertThrows(IllegalArgumentException.class, () -> ResultsLocation.parse(text)).getMessage());
    }

    @Test
    void theSettingParsesThroughIt() {
        assertEquals(new ResultsLocation.Bucket("b-1", "p"),
                ShardSettings.RESULTS_URL.parse("s3://b-1/p"));
    }
}
