package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.InjectedLatency;
import dev.vaultload.storage.LatencyInjectingBlobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Does the harness report what happened? A store with a known injected latency (MEMORY, a plaintext engine, one
 * store call per WRITE and per READ) is judged by bounds that hold however loaded the machine is, since foreign
 * load only ever adds time, and adds it where it is measured:
 * <ul>
 *   <li>never less than happened: a WRITE contains its store commit, so the WRITEs' reported latencies add up to
 *   at least the wall time the store itself measured for its commits; every reported latency is at least the
 *   injected delay (or, lognormal, each reported quantile at least the injected one);</li>
 *   <li>never more than happened: N threads, each in one operation at a time, cannot spend more than N x the
 *   run's wall time in operations, so the reported latencies of every operation add up to at most N x the wall
 *   time the test measured around the run (Little's law); and the wall-clock throughput of the replay (WRITEs and
 *   READs together) is at most N / their mean latency.</li>
 * </ul>
 * A harness that reports 10% less than happened fails the first (a 20 ms delay comes out as 18 ms); one that
 * reports 10% more fails the second, since the operations keep the threads busy for well over 91% of the run
 * (the busy share is printed). Each run takes 2-5 s.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MeasurementTruthTest {
    private static final Duration INJECTED = Duration.ofMillis(20);
    private static final int THREADS = 4;
    private static final int PAIRS_PER_THREAD = 75;
    /** HdrHistogram's 3 significant digits: a quantile may read this much low. */
    private static final double HISTOGRAM_PRECISION = 0.001;
    /** The stratified lognormal's p99 lies within one stratum (0.47% at sigma 0.25) of the true one. */
    private static final double STRATUM_WIDTH_AT_P99 = 0.005;

    @TempDir
    Path reports;

    @BeforeAll
    void warmUp(@TempDir Path warmUpReports) {
        new WriteReadRuns(warmUpReports, CipherSuite.NONE).run(new InMemoryBlobStore("warm-up"), 2, 2000);
    }

    @Test
    void aFixedLatencyIsNeverUnderReported() {
        Injected injected = run(new InjectedLatency.Fixed(INJECTED));

        for (OperationType type : List.of(OperationType.WRITE, OperationType.READ)) {
            OperationStatistics reported = WriteReadRuns.statistics(injected.result(), type);
            long floorMicros = reported.histogram().lowestEquivalentValue(INJECTED.toNanos() / 1000);
            assertTrue(reported.histogram().getMinValue() >= floorMicros,
                    () -> type + ": fastest reported " + reported.histogram().getMinValue() + " µs, injected " + INJECTED);
        }
        assertWritesCoverTheStoresCommits(injected);
    }

    @Test
    void aLognormalLatencyIsNeverUnderReported() {
        InjectedLatency latency = new InjectedLatency.LogNormal(INJECTED, 0.25);
        // 8 x 125 = 1000 WRITEs and 1000 READs: one full cycle of the injector's strata per kind of call
        Injected injected = run(latency, 8, 125);

        for (OperationType type : List.of(OperationType.WRITE, OperationType.READ)) {
            OperationStatistics reported = WriteReadRuns.statistics(injected.result(), type);
            for (String percentile : List.of("50", "99")) {
                double injectedMicros = latency.percentileNanos(Double.parseDouble(percentile)) / 1000.0;
                double floorMicros = injectedMicros * (1 - HISTOGRAM_PRECISION - STRATUM_WIDTH_AT_P99);
                long reportedMicros = reported.percentileMicros().get(percentile);
                assertTrue(reportedMicros >= floorMicros, () -> String.format(Locale.ROOT,
                        "%s p%s: reported %d µs, injected %.0f µs", type, percentile, reportedMicros, injectedMicros));
            }
        }
        assertWritesCoverTheStoresCommits(injected);
    }

    @Test
    void theThreadsNeverSpendMoreTimeInOperationsThanTheRunLasted() {
        Injected injected = run(new InjectedLatency.Fixed(INJECTED));

        long reportedMicros = injected.result().operations().stream().mapToLong(OperationStatistics::sumLatencyMicros).sum();
        double capacityMicros = THREADS * injected.wallMicros();
        String busy = String.format(Locale.ROOT, "operations reported %d µs in all, %d threads x %d µs of wall time:"
                + " busy %.1f%%", reportedMicros, THREADS, injected.wallMicros(), 100 * reportedMicros / capacityMicros);
        System.out.println(busy);
        assertTrue(reportedMicros <= capacityMicros, busy);
    }

    @Test
    void wallClockThroughputIsAtMostThreadsOverMeanLatency() {
        Injected injected = run(new InjectedLatency.Fixed(Duration.ofMillis(5)));

        // WRITEs and READs share the replay's window and its threads, so only their sum is bounded: either type
        // alone may hold the threads more than half of the time
        List<OperationStatistics> replayed = List.of(WriteReadRuns.statistics(injected.result(), OperationType.WRITE),
                WriteReadRuns.statistics(injected.result(), OperationType.READ));
        double opsPerSecond = replayed.stream().mapToDouble(OperationStatistics::opsPerSecond).sum();
        long count = replayed.stream().mapToLong(OperationStatistics::count).sum();
        long sumLatencyMicros = replayed.stream().mapToLong(OperationStatistics::sumLatencyMicros).sum();
        double mostOpsPerSecond = THREADS * count * 1e6 / sumLatencyMicros;
        String what = String.format(Locale.ROOT, "WRITE+READ ops/s %.1f, threads / mean latency allows %.1f",
                opsPerSecond, mostOpsPerSecond);
        System.out.println(what);
        assertTrue(opsPerSecond <= mostOpsPerSecond * (1 + HISTOGRAM_PRECISION), what);
    }

    /** Each WRITE contains one commit of the store: the reported WRITE time covers what the store measured. */
    private static void assertWritesCoverTheStoresCommits(Injected injected) {
        OperationStatistics writes = WriteReadRuns.statistics(injected.result(), OperationType.WRITE);
        long storeMicros = injected.store().waitedMicros(LatencyInjectingBlobStore.Call.OPEN_OUTPUT);
        // each reported latency is truncated to whole microseconds
        long floorMicros = storeMicros - writes.count();
        assertTrue(writes.sumLatencyMicros() >= floorMicros, () -> "WRITEs reported " + writes.sumLatencyMicros()
                + " µs in all, the store waited " + storeMicros + " µs in their commits");
    }

    private Injected run(InjectedLatency latency) {
        return run(latency, THREADS, PAIRS_PER_THREAD);
    }

    private Injected run(InjectedLatency latency, int threads, int pairsPerThread) {
        LatencyInjectingBlobStore store = new LatencyInjectingBlobStore(new InMemoryBlobStore("injected"), latency);
        long startNanos = System.nanoTime();
        RunResult result = new WriteReadRuns(reports, CipherSuite.NONE).run(store, threads, pairsPerThread);
        long wallMicros = (System.nanoTime() - startNanos) / 1000;
        assertTrue(result.passed(), () -> result.failures().toString());
        return new Injected(result, store, wallMicros);
    }

    private record Injected(RunResult result, LatencyInjectingBlobStore store, long wallMicros) {
    }
}
