package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.run.load.LoadFixtures;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.load.OperationSequence;
import dev.vaultload.run.load.PlannedOperation;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.stats.StoreTrafficStatistics;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.StoreRequest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What each operation asks of the store, counted at the harness's store: the plaintext engine stores a document as it
 * is, so a WRITE is one PUT of exactly its content and a READ one GET of it.
 */
class StoreTrafficTest {

    private static StoreTrafficStatistics traffic(LoadOperation operation, OperationType type, int operations) {
        try (LoadWorkload workload = LoadFixtures.workload(operation, new InMemoryBlobStore(), CipherSuite.NONE)) {
            TimedOperation timed = workload.timedOperation(workload.control());
            OperationSequence sequence = workload.sequence("t/", timed);
            StatisticService statistics = new StatisticService();
            for (int index = 0; index < operations; index++) {
                PlannedOperation planned = sequence.next();
                timed.run(planned.operation(), planned.locationPrefix(), null, statistics);
            }
            return statistics.summarize(Duration.ofSeconds(1)).stream().filter(s -> s.type() == type).findFirst()
                    .map(OperationStatistics::storeTraffic).orElseThrow();
        }
    }

    @Test
    void aPlaintextWriteIsOnePutOfExactlyItsContent() {
        StoreTrafficStatistics writes = traffic(LoadOperation.WRITE, OperationType.WRITE, 20);

        assertEquals(Map.of(StoreRequest.PUT, 1.0), writes.requestsPerOperation());
        assertEquals(LoadFixtures.FILE_SIZE_BYTES, writes.sentBytesPerOperation(), 1e-9);
        assertEquals(1.0, writes.sentBytesPerContentByte(), 1e-9);
        assertEquals(0.0, writes.receivedBytesPerContentByte(), 1e-9);
    }

    @Test
    void aPlaintextReadIsOneGetOfExactlyItsContent() {
        StoreTrafficStatistics reads = traffic(LoadOperation.READ, OperationType.READ, 20);

        assertEquals(Map.of(StoreRequest.GET, 1.0), reads.requestsPerOperation());
        assertEquals(1.0, reads.receivedBytesPerContentByte(), 1e-9);
        assertEquals(0.0, reads.sentBytesPerContentByte(), 1e-9);
    }

    @Test
    void anOperationWithoutContentHasNoRatioPerContentByte() {
        StoreTrafficStatistics lists = traffic(LoadOperation.MIX, OperationType.LIST, 200);

        assertEquals(true, lists.requestsPerOperation().getOrDefault(StoreRequest.LIST, 0.0) >= 1.0, lists::toString);
        assertNull(lists.sentBytesPerContentByte());
    }
}
