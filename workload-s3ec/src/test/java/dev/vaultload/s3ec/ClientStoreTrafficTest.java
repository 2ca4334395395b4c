package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StoreTrafficStatistics;
import dev.vaultload.storage.StorageProviders;
import dev.vaultload.storage.StoreRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * S3EC's requests, made by S3 clients of its own, are counted at the store boundary as the harness's store counts
 * the other engines': a WRITE is one PUT of the content and its tag, a READ a GET of as much (and now and then its
 * user's keystore, read once per user), and the store's share of each operation's time is measured.
 */
class ClientStoreTrafficTest {
    @TempDir
    Path reports;

    @Test
    void s3ecsWritesAndReadsAreCountedAtTheStoreWithTheirBytesAndTime() {
        Map<String, String> settings = Map.of("ENGINES", "S3EC", "STORAGE_PROVIDERS", "EMBEDDED", "THREADS", "1",
                "FILE_SIZES", "100", "KDF_ITERATIONS", "1000", "REPORT_DIR", reports.toString());
        RunResult result;
        try (SuiteSession session = SuiteSession.start(Suite.RandomActionsOnDatasafeTest.name(), false,
                settings::get, StorageProviders::named)) {
            Combination combination = session.combinations().findFirst().orElseThrow();
            result = Suite.RandomActionsOnDatasafeTest.run(session, combination, List.of());
        }

        assertTrue(result.passed(), () -> result.failureReasons().toString());
        StoreTrafficStatistics writes = traffic(result, OperationType.WRITE);
        assertEquals(1.0, writes.requestsPerOperation().get(StoreRequest.PUT), 0.001, writes.toString());
        assertTrue(writes.sentBytesPerContentByte() > 1.0 && writes.sentBytesPerContentByte() < 1.01,
                "the content and its 16-byte tag: " + writes);
        StoreTrafficStatistics reads = traffic(result, OperationType.READ);
        double getsPerRead = reads.requestsPerOperation().get(StoreRequest.GET);
        assertTrue(getsPerRead >= 1.0 && getsPerRead < 1.5, reads.toString());
        assertTrue(reads.receivedBytesPerContentByte() > 1.0 && reads.receivedBytesPerContentByte() < 1.1, reads.toString());
        OperationStatistics write = operation(result, OperationType.WRITE);
        assertNotNull(write.timeSplit(), "a store/engine split");
        assertTrue(write.timeSplit().storageShare() > 0, "the PUT's time is the store's: " + write.timeSplit());
    }

    private static OperationStatistics operation(RunResult result, OperationType type) {
        return result.operations().stream().filter(operation -> operation.type() == type).findFirst().orElseThrow();
    }

    private static StoreTrafficStatistics traffic(RunResult result, OperationType type) {
        StoreTrafficStatistics traffic = operation(result, type).storeTraffic();
        assertNotNull(traffic, type + " has store traffic");
        return traffic;
    }
}
