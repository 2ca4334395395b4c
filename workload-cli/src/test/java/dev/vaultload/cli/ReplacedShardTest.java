package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.cli.InProcessCli.Outcome;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard of a Kubernetes Job (JOB_UID) whose earlier life published into the results store but left it no journal
 * (a pod replaced after an eviction: its emptyDir went with it) cannot resume: it ends at once with exit status 0, so
 * that the Job goes on with the other shards, its {@code done} saying it was lost; another Job with the RUN_ID, or a
 * process outside any Job, is refused.
 */
class ReplacedShardTest {
    private static final String JOB = "0b6c5f8e-job-uid";

    @TempDir
    Path folder;
    private Path results;

    @BeforeEach
    void anEarlierLifeOfTheJobPublishedPartOfItsShard() throws IOException {
        results = folder.resolve("results");
        Files.createDirectories(results.resolve("k8s/shard-1"));
        Files.writeString(results.resolve("k8s/job"), JOB + "\n");
        Files.writeString(results.resolve("k8s/shard-1/interval.hlog"), "#[an earlier life's periods]\n");
    }

    @Test
    void aPodOfTheSameJobEndsTheShardAsLostWithoutRunning() throws IOException {
        Outcome outcome = run("--JOB_UID", JOB);

        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("shard 1 of RUN_ID k8s: lost: its earlier life ran on a pod since replaced"),
                outcome.out());
        assertTrue(Files.readString(results.resolve("k8s/shard-1/done")).startsWith("lost: "));
        try (Stream<Path> files = Files.list(results.resolve("k8s/shard-1"))) {
            assertFalse(files.anyMatch(file -> file.toString().endsWith(".json")), "nothing ran");
        }
    }

    @Test
    void aShardItsEarlierLifeEndedIsLeftAsItWas() throws IOException {
        Files.writeString(results.resolve("k8s/shard-1/done"), "interrupted\n");

        Outcome outcome = run("--JOB_UID", JOB);

        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("had ended it (done): nothing to run"), outcome.out());
        assertEquals("interrupted", Files.readString(results.resolve("k8s/shard-1/done")).strip());
    }

    @Test
    void anotherJobOrNoJobIsRefused() {
        Outcome otherJob = run("--JOB_UID", "another-job");
        assertEquals(ExitCodes.BAD_INPUT, otherJob.exitCode(), otherJob.out());
        assertTrue(otherJob.err().contains("RUN_ID was run by another Kubernetes Job"), otherJob.err());

        Outcome noJob = run();
        assertEquals(ExitCodes.BAD_INPUT, noJob.exitCode(), noJob.out());
        assertTrue(noJob.err().contains("RUN_ID already has results for this shard"), noJob.err());
        assertFalse(Files.exists(results.resolve("k8s/shard-1/done")));
    }

    private Outcome run(String... more) {
        return InProcessCli.execute(StorageProviders::named, Stream.concat(Stream.of("run", "--storage-providers",
                "MEMORY", "--threads", "1", "--file-sizes", "1", "--kdf-iterations", "1000", "--results-url",
                results.toString(), "--run-id", "k8s", "--SHARD_COUNT", "2", "--SHARD_INDEX", "1"), Stream.of(more))
                .toList());
    }
}
