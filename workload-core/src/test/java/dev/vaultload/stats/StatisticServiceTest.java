package dev.vaultload.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vaultload.fixture.OperationType;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class StatisticServiceTest {

    @Test
    void percentilesAndThroughputFollowTheRecordedLatencies() {
        StatisticService statistics = new StatisticService();
        for (long latencyMicros = 1; latencyMicros <= 1000; latencyMicros++) {
            statistics.recordSuccess(OperationType.WRITE, latencyMicros * 1000, 100);
        }
        statistics.recordFailure(OperationType.WRITE, ErrorClass.TIMEOUT);

        List<OperationStatistics> summary = statistics.summarize(Map.of(OperationType.WRITE, Duration.ofSeconds(10)));

        assertEquals(1, summary.size());
        OperationStatistics write = summary.get(0);
        assertEquals(1000, write.count());
        assertEquals(1L, write.errors().get(ErrorClass.TIMEOUT));
        // 3 significant digits: within 0.1% of the exact value.
        assertEquals(500_000, write.percentileMicros().get("50"), 500);
        assertEquals(990_000, write.percentileMicros().get("99"), 990);
        assertEquals(999_000, write.percentileMicros().get("99.9"), 999);
        assertEquals(1_000_000, write.maxMicros(), 1000);
        // Datasafe: operations / sum of latencies. Sum = 500.5 s for 1000 operations.
        assertEquals(1000 / 500.5, write.throughputPerThread(), 1e-9);
        assertEquals(100.0, write.opsPerSecond(), 1e-9);
        assertEquals(100_000 / 1024.0 / 1024.0 / 10, write.mebibytesPerSecond(), 1e-9);
        assertEquals(write.count(), write.histogram().getTotalCount());
    }

    @Test
    void countsEveryRecordingFromManyThreads() throws InterruptedException {
        StatisticService statistics = new StatisticService();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int thread = 0; thread < 4; thread++) {
            pool.submit(() -> {
                for (int i = 0; i < 100_000; i++) {
                    statistics.recordSuccess(OperationType.READ, 1 + i % 100, 0);
                }
            });
        }
        pool.shutdown();
        // Interval swaps while writers record must lose nothing.
        long seen = 0;
        while (!pool.awaitTermination(1, TimeUnit.MILLISECONDS)) {
            seen += statistics.takeInterval().get(OperationType.READ).getTotalCount();
        }
        seen += statistics.takeInterval().get(OperationType.READ).getTotalCount();
        assertEquals(400_000, seen);
        assertEquals(400_000, statistics.summarize(Map.of()).get(0).count());
    }

    @Test
    void rangedReadsAreSummedPerByteReturnedOnReadOnly() {
        StatisticService statistics = new StatisticService();
        statistics.recordSuccess(OperationType.READ, 100, 1000);
        statistics.recordSuccess(OperationType.WRITE, 100, 1000);
        statistics.recordRangedRead(1000, 3000, 2000);
        statistics.recordRangedRead(1000, -1, 4000); // fetched through a client nobody counted

        Map<OperationType, RangedReadStatistics> ranged = new EnumMap<>(OperationType.class);
        statistics.summarize(Duration.ofSeconds(1)).forEach(operation -> ranged.put(operation.type(), operation.rangedReads()));

        assertEquals(new RangedReadStatistics(2, 1000.0, 3.0, 3.0), ranged.get(OperationType.READ),
                "fetched over the reads whose fetches were seen, decrypted over all");
        assertEquals(null, ranged.get(OperationType.WRITE));
    }

    @Test
    void withoutRangedReadsThereIsNoSection() {
        StatisticService statistics = new StatisticService();
        statistics.recordSuccess(OperationType.READ, 100, 1000);
        assertEquals(null, statistics.summarize(Duration.ofSeconds(1)).getFirst().rangedReads());
    }
}
