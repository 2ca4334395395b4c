package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.InjectedLatency;
import dev.vaultload.storage.LatencyInjectingBlobStore;
import dev.vaultload.engine.CipherSuite;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Does the harness report what happened? A store with a known injected latency (MEMORY, cipher NONE, one
 * store call per WRITE and per READ) must come out with p50 and p99 within 1% of the injected quantiles,
 * and with a wall-clock throughput within 1% of threads / mean latency.
 *
 * <p>The margin, and why: each reported latency is the injected delay plus the park's overshoot plus the
 * operation's own work. The overshoot is what the injector measured in the same run for that kind of call
 * (a WRITE's commit, a READ's get); the own work is measured first by the same operations without injection
 * (on one thread after a warm-up). Under a fixed delay the reported distribution is that of the noise,
 * shifted: the expectation is the convolution of the delay with the two measured histograms, and it matters,
 * since on this 2-core machine under other builds the overshoot's p99 reaches 1-5 ms. Under the lognormal
 * delay, whose spread is wide against the noise, the noise shifts each quantile by about its typical size
 * (median own work + mean overshoot); the convolution would overstate its p99 by 2-5% here, as the
 * overshoot's outliers come in bursts that hit few operations near the p99. The reported p50 and p99 must lie
 * within 1% of the injected quantile of the expectation, plus 0.1% for HdrHistogram's 3 significant digits.
 * At 20 ms, 1% is 200 µs; it also holds the lognormal's stratum width at p99 (0.47% with 1000 draws, see
 * {@link LatencyInjectingBlobStore}).
 *
 * <p>Foreign load also preempts operations outside the park, which no measurement here sees and which
 * moves a p99 by more than 1%; see {@link #withinToleranceInOneOfTheAttempts}. Each test takes 5-20 s.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MeasurementTruthTest {
    private static final double TOLERANCE = 0.01;
    private static final double HISTOGRAM_PRECISION = 0.001;
    private static final int ATTEMPTS = 3;
    private static final int GRID = 10_000;

    private WriteReadRuns runs;
    private RunResult baseline;

    @BeforeAll
    void measureTheOperationsWithoutInjection(@TempDir Path reports) {
        runs = new WriteReadRuns(reports, CipherSuite.NONE);
        runs.run(new InMemoryBlobStore("warm-up"), 2, 2000);
        baseline = runs.run(new InMemoryBlobStore("baseline"), 1, 1000);
    }

    @Test
    void aFixedLatencyComesOutAsInjected() {
        InjectedLatency latency = new InjectedLatency.Fixed(Duration.ofMillis(20));
        withinToleranceInOneOfTheAttempts(() -> misses(latency, run(latency, 4, 125)));
    }

    @Test
    void aLognormalLatencyComesOutWithItsQuantiles() {
        InjectedLatency latency = new InjectedLatency.LogNormal(Duration.ofMillis(20), 0.25);
        // 8 x 125 = 1000 WRITEs and 1000 READs: one full cycle of the injector's strata per call kind
        withinToleranceInOneOfTheAttempts(() -> misses(latency, run(latency, 8, 125)));
    }

    /** Little's law: threads always busy, so ops/s = threads / mean latency. */
    @Test
    void wallClockThroughputIsThreadsOverMeanLatency() {
        int threads = 4;
        withinToleranceInOneOfTheAttempts(() -> {
            // the phase's wall clock includes the final validation (a LIST and a READ per execution, 1/500 of
            // the operations) and the gaps between operations (microseconds against 5 ms, unless preempted)
            Injected injected = run(new InjectedLatency.Fixed(Duration.ofMillis(5)), threads, 500);
            long count = 0;
            long sumLatencyMicros = 0;
            double opsPerSecond = 0;
            for (OperationType type : List.of(OperationType.WRITE, OperationType.READ)) {
                OperationStatistics operation = WriteReadRuns.statistics(injected.result(), type);
                count += operation.count();
                sumLatencyMicros += operation.sumLatencyMicros();
                opsPerSecond += operation.opsPerSecond();
            }
            double expected = threads * count * 1e6 / sumLatencyMicros;
            double deviation = (opsPerSecond - expected) / expected;
            String what = String.format(Locale.ROOT, "ops/s %.1f against threads / mean latency %.1f (%+.2f%%)",
                    opsPerSecond, expected, deviation * 100);
            System.out.println(what);
            assertTrue(deviation <= TOLERANCE, "more throughput than the threads can give: " + what);
            return Math.abs(deviation) <= TOLERANCE ? List.of() : List.of(what);
        });
    }

    /**
     * Noise from other processes on a shared machine only ever adds latency (and takes throughput): a run
     * within the tolerance shows the harness measures right, a measuring error would miss in every run. So
     * up to {@link #ATTEMPTS} runs are made, each also checking what noise cannot cause (less latency than
     * injected, more throughput than the threads can give). When every attempt misses while the machine is
     * oversubscribed (load average above its cores: other builds on a 2-core machine reach 7), the 1% claim
     * cannot be judged and the test is skipped with the figures; on a machine that is not, it fails.
     */
    private static void withinToleranceInOneOfTheAttempts(Supplier<List<String>> attempt) {
        List<String> misses = new ArrayList<>();
        for (int index = 0; index < ATTEMPTS; index++) {
            List<String> missed = attempt.get();
            if (missed.isEmpty()) {
                return;
            }
            misses.addAll(missed);
        }
        double loadAverage = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        int cores = Runtime.getRuntime().availableProcessors();
        String figures = String.join("\n", misses);
        assumeTrue(loadAverage < cores, () -> "machine oversubscribed (load average " + loadAverage + " on " + cores
                + " cores), the 1% tolerance cannot be judged:\n" + figures);
        fail("outside the tolerance in every attempt:\n" + figures);
    }

    private Injected run(InjectedLatency latency, int threads, int pairs) {
        LatencyInjectingBlobStore store = new LatencyInjectingBlobStore(new InMemoryBlobStore("injected"), latency);
        RunResult result = runs.run(store, threads, pairs);
        assertTrue(result.passed(), () -> result.failures().toString());
        return new Injected(result, store);
    }

    private record Injected(RunResult result, LatencyInjectingBlobStore store) {
    }

    /** The injected distribution on a fine grid of its quantiles, in microseconds. */
    private static Histogram injectedMicros(InjectedLatency latency) {
        Histogram injected = new Histogram(3);
        for (int index = 0; index < GRID; index++) {
            injected.recordValue(latency.nanosAt((index + 0.5) / GRID) / 1000);
        }
        return injected;
    }

    /** The distribution of a + b for independent a and b: the convolution of their histograms. */
    private static Histogram sum(Histogram a, Histogram b) {
        Histogram sum = new Histogram(3);
        for (HistogramIterationValue x : a.recordedValues()) {
            for (HistogramIterationValue y : b.recordedValues()) {
                sum.recordValueWithCount(a.medianEquivalentValue(x.getValueIteratedTo())
                        + b.medianEquivalentValue(y.getValueIteratedTo()),
                        x.getCountAtValueIteratedTo() * y.getCountAtValueIteratedTo());
            }
        }
        return sum;
    }

    /** The percentiles outside the tolerance; fails at once on one below the injected quantile's tolerance. */
    private List<String> misses(InjectedLatency latency, Injected injected) {
        List<String> misses = new ArrayList<>();
        for (OperationType type : List.of(OperationType.WRITE, OperationType.READ)) {
            OperationStatistics reported = WriteReadRuns.statistics(injected.result(), type);
            OperationStatistics own = WriteReadRuns.statistics(baseline, type);
            Histogram overshoot = injected.store().overshootMicros(
                    type == OperationType.WRITE ? LatencyInjectingBlobStore.Call.OPEN_OUTPUT : LatencyInjectingBlobStore.Call.GET);
            Histogram expected = sum(injectedMicros(latency), sum(overshoot, own.histogram()));
            double typicalNoiseMicros = own.percentileMicros().get("50") + overshoot.getMean();
            for (String percentile : List.of("50", "99")) {
                double injectedMicros = latency.percentileNanos(Double.parseDouble(percentile)) / 1000.0;
                double expectedMicros = latency instanceof InjectedLatency.Fixed
                        ? expected.getValueAtPercentile(Double.parseDouble(percentile))
                        : injectedMicros + typicalNoiseMicros;
                long reportedMicros = reported.percentileMicros().get(percentile);
                double marginMicros = TOLERANCE * injectedMicros + HISTOGRAM_PRECISION * reportedMicros;
                String what = String.format(Locale.ROOT,
                        "%s p%s: injected %.0f µs, own work p%s %d µs, overshoot p%s %d µs, expected %.0f µs, reported %d µs (%+.2f%%)",
                        type, percentile, injectedMicros, percentile, own.percentileMicros().get(percentile), percentile,
                        overshoot.getValueAtPercentile(Double.parseDouble(percentile)), expectedMicros, reportedMicros,
                        (reportedMicros - expectedMicros) / injectedMicros * 100);
                System.out.println(what);
                assertTrue(reportedMicros >= injectedMicros - marginMicros, "less than was injected: " + what);
                if (Math.abs(reportedMicros - expectedMicros) > marginMicros) {
                    misses.add(what);
                }
            }
        }
        return misses;
    }
}
