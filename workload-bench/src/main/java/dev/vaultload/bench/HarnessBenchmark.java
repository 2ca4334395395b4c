package dev.vaultload.bench;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.InMemoryBlobStore;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * What the harness itself costs: the LARGE fixture on the MEMORY store with cipher NONE and 1 KiB documents,
 * so that little but the harness and the engine's bookkeeping remains. Per thread count it prints ops/s,
 * the mean time inside the measured call (the recorded whole microseconds plus the half microsecond their truncation
 * drops on average) and the time per operation outside it (the loop, the timing and the recording: the harness
 * overhead), and the CPU per operation of the whole process and outside the
 * workers. Then it runs until {@code totalOperations} and prints the heap after a full GC at start and end.
 * <p>
 * {@code harness [SECONDS [OPERATIONS [THREAD_COUNTS]]]}, run by scripts/harness-bench.sh.
 */
@Command(name = "harness", mixinStandardHelpOptions = true,
        description = "What the harness costs: the LARGE fixture on MEMORY through a plaintext engine, 1 KiB, per thread"
                + " count; then the heap after OPERATIONS operations")
final class HarnessBenchmark implements Callable<Integer> {
    /** The mean of what truncating a latency to whole microseconds drops. */
    private static final double TRUNCATION_BIAS_MICROS = 0.5;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SECONDS", defaultValue = "20",
            description = "seconds per thread count (default: ${DEFAULT-VALUE})")
    private int secondsPerThreadCount;

    @Parameters(index = "1", arity = "0..1", paramLabel = "OPERATIONS", defaultValue = "10000000",
            description = "operations of the heap run (default: ${DEFAULT-VALUE})")
    private long totalOperations;

    @Parameters(index = "2", arity = "0..1", paramLabel = "THREAD_COUNTS", split = ",", defaultValue = "1,2,4",
            description = "thread counts, comma-separated (default: ${DEFAULT-VALUE})")
    private List<Integer> threadCounts;

    @Override
    public Integer call() throws Exception {
        RunConfig.FixtureSource.Committed large = new RunConfig.FixtureSource.Committed(FixtureSize.LARGE);
        Fixture fixture = new FixtureLoader().loadResource(large.resource(false));
        Path reports = Files.createTempDirectory("harness-bench-");

        System.out.println("| threads | ops/s | mean in call (us) | outside call per op (us) | process CPU per op (us) | CPU outside workers per op (us) |");
        System.out.println("|---:|---:|---:|---:|---:|---:|");
        double bestOpsPerSecond = 0;
        int bestThreads = threadCounts.get(0);
        for (int threads : threadCounts) {
            RunResult result = run(fixture, threads, Duration.ofSeconds(secondsPerThreadCount), reports);
            double opsPerSecond = report(result);
            if (opsPerSecond > bestOpsPerSecond) {
                bestOpsPerSecond = opsPerSecond;
                bestThreads = threads;
            }
        }

        long heapBeforeBytes = heapAfterGcBytes();
        long seconds = Math.max(1, (long) Math.ceil(totalOperations / bestOpsPerSecond));
        // at the rate the duration was estimated from, so that the run reaches totalOperations
        RunResult longRun = run(fixture, bestThreads, Duration.ofSeconds(seconds), reports);
        long heapAfterBytes = heapAfterGcBytes();
        System.out.printf(Locale.ROOT, "%nheap run: %,d operations in %d passes on %d threads; heap after GC %,.1f MiB"
                        + " before, %,.1f MiB after%n", longRun.cpu().operations(), longRun.timing().passes(), bestThreads,
                heapBeforeBytes / 1048576.0, heapAfterBytes / 1048576.0);
        return BenchCommand.RAN;
    }

    private static RunResult run(Fixture fixture, int threads, Duration duration, Path reports) {
        RunConfig config = new RunConfig(List.of("MEMORY"), List.of(PlaintextEngine.NAME), List.of(threads), List.of(1),
                new RunConfig.FixtureSource.Committed(FixtureSize.LARGE), CipherSuite.NONE, 1000, Optional.of(duration),
                ErrorMode.FAIL_FAST, Duration.ofSeconds(10), Duration.ZERO, OptionalDouble.empty(), 1, reports);
        RunResult result = new WorkloadRunner(config, "HarnessBenchmark", new ContentGenerator())
                .run(new Combination("MEMORY", threads, 1), fixture, "LARGE", new InMemoryBlobStore("bench"),
                        PlaintextEngine::new, users -> Map.of());
        if (!result.passed()) {
            throw new IllegalStateException("benchmark run failed: " + result.failures());
        }
        return result;
    }

    /** Prints one row; returns ops/s. */
    private static double report(RunResult result) {
        List<OperationStatistics> measured = result.operations().stream()
                .filter(s -> s.type() != OperationType.CREATE_USER).toList();
        long operations = measured.stream().mapToLong(OperationStatistics::count).sum();
        long sumLatencyMicros = measured.stream().mapToLong(OperationStatistics::sumLatencyMicros).sum();
        double phaseSeconds = measured.get(0).wallClockMillis() / 1000.0;
        double opsPerSecond = operations / phaseSeconds;
        double threadMicrosPerOperation = result.setup().threads() * phaseSeconds * 1e6 / operations;
        // each latency is recorded truncated to whole microseconds: the recorded sum is short by half a microsecond
        // per operation on average, which would otherwise be counted as time outside the call
        double meanInCallMicros = (double) sumLatencyMicros / operations + TRUNCATION_BIAS_MICROS;
        double processCpuMicros = result.cpu().processCpuMillis() * 1000.0 / result.cpu().operations();
        double otherCpuMicros = result.cpu().otherCpuMillis() * 1000.0 / result.cpu().operations();
        System.out.printf(Locale.ROOT, "| %d | %,.0f | %.2f | %.2f | %.2f | %.2f |%n", result.setup().threads(), opsPerSecond,
                meanInCallMicros, threadMicrosPerOperation - meanInCallMicros, processCpuMicros, otherCpuMicros);
        return opsPerSecond;
    }

    private static long heapAfterGcBytes() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
