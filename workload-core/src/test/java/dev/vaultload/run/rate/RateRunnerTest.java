package dev.vaultload.run.rate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.load.LoadFixtures;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.load.Pause;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RateRunnerTest {

    @TempDir
    Path reports;

    private RunResult run(BlobStore store, RatePlan plan) {
        try (LoadWorkload workload = LoadFixtures.workload(LoadOperation.WRITE, store, CipherSuite.NONE)) {
            return LoadFixtures.record(RunMode.RATE, workload, reports, recording ->
                    new RateRunner(plan, workload, Duration.ofSeconds(1), WorkerThreads.DEFAULT, List.of()).run(recording, 0));
        }
    }

    private static OperationStatistics writes(List<OperationStatistics> statistics) {
        return statistics.stream().filter(s -> s.type() == OperationType.WRITE).findFirst().orElseThrow();
    }

    @Test
    void achievesTheTargetRate() {
        RunResult result = run(new InMemoryBlobStore(), new RatePlan(400, 2, 1200));

        assertTrue(result.passed(), () -> result.failures().toString());
        assertEquals(1200, writes(result.operations()).count());
        assertNotNull(writes(result.rate().uncorrected()).timeSplit(), "store and engine time of the service time");
        assertEquals(400, result.rate().achievedOpsPerSecond(), 400 * 0.03, "achieved rate within 3% of the target");
    }

    /** Six operations on one thread are two passes of the mix (WRITE, READ, READ), each after its untimed preparation. */
    @Test
    void aPreparationWriteRunsBeforeEachPassAndIsNotRecorded() {
        RunResult result;
        try (LoadWorkload workload = LoadFixtures.workload(LoadOperation.MIX, new InMemoryBlobStore(),
                LoadFixtures.withPreparation())) {
            result = LoadFixtures.record(RunMode.RATE, workload, reports, recording ->
                    new RateRunner(new RatePlan(200, 1, 6), workload, Duration.ofSeconds(1), WorkerThreads.DEFAULT, List.of()).run(recording, 0));
        }

        assertTrue(result.passed(), () -> "every READ found its document: " + result.failures());
        assertEquals(2, writes(result.operations()).count(), "the mix's WRITEs only");
        assertEquals(2, writes(result.rate().uncorrected()).count());
        assertEquals(4, result.operations().stream().filter(s -> s.type() == OperationType.READ).findFirst()
                .orElseThrow().count());
    }

    /**
     * One write stalls for a second. The thread that ran it is then a second behind its schedule: about
     * 200 of its operations (10% of all) were due during the stall, so the corrected p99 (from the due time)
     * shows the stall, while the uncorrected p99 (from the actual start) sees a single slow operation, 0.05%.
     */
    @Test
    void aStallShowsInTheCorrectedP99AndNotInTheUncorrectedOne() {
        RunResult result = run(new StallsOnce(new InMemoryBlobStore(), 300), new RatePlan(400, 2, 2000));

        assertTrue(result.passed(), () -> result.failures().toString());
        long correctedP99Micros = writes(result.operations()).percentileMicros().get("99");
        OperationStatistics uncorrected = writes(result.rate().uncorrected());
        assertTrue(correctedP99Micros >= 500_000, () -> "corrected p99 " + correctedP99Micros + " µs");
        assertTrue(uncorrected.percentileMicros().get("99") < 100_000,
                () -> "uncorrected p99 " + uncorrected.percentileMicros().get("99") + " µs");
        assertTrue(uncorrected.maxMicros() >= 1_000_000, "the stalled operation itself is in both");
    }

    /** A stall in the warm-up (the JIT compiler's, a cold pool's) neither shows in the figures nor delays the schedule. */
    @Test
    void theWarmUpRunsAtTheRateFirstAndIsRecordedNowhere() {
        StallsOnce store = new StallsOnce(new InMemoryBlobStore(), 50);

        RunResult result = run(store, new RatePlan(400, 2, 1200, 200));

        assertTrue(result.passed(), () -> result.failures().toString());
        assertEquals(1200, writes(result.operations()).count(), "the measured operations only");
        assertEquals(1200, writes(result.rate().uncorrected()).count());
        assertEquals(200, result.rate().warmupOperations());
        assertTrue(store.writes.get() >= 1400, () -> store.writes.get() + " writes reached the store");
        long correctedP99Micros = writes(result.operations()).percentileMicros().get("99");
        assertTrue(correctedP99Micros < 100_000, () -> "corrected p99 " + correctedP99Micros + " µs: the warm-up's stall carried over");
        assertEquals(400, result.rate().achievedOpsPerSecond(), 400 * 0.03, "achieved rate within 3% of the target");
    }

    /** Stalls the given write for one second, once. */
    private static final class StallsOnce extends ForwardingBlobStore {
        private final AtomicInteger writes = new AtomicInteger();
        private final int stalledWrite;

        StallsOnce(BlobStore delegate, int stalledWrite) {
            super(delegate);
            this.stalledWrite = stalledWrite;
        }

        @Override
        public BlobOutputStream openOutput(String key) {
            if (writes.incrementAndGet() == stalledWrite) {
                Pause.millis(1000);
            }
            return super.openOutput(key);
        }
    }
}
