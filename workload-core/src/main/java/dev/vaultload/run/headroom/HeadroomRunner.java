package dev.vaultload.run.headroom;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.run.Interruption;
import dev.vaultload.run.RunControl;
import dev.vaultload.run.TimedOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.load.OperationSequence;
import dev.vaultload.run.load.PlannedOperation;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.IntervalReporter;
import dev.vaultload.stats.LatencyHistograms;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures headroom: for each concurrency of the plan, that many threads share a fixed number of operations
 * (closed loop: each starts its next operation when the previous one ends), and the step's throughput,
 * latency percentiles and errors become one point of the headroom plot, after a warm-up step. Stops early once throughput has
 * fallen for the configured number of steps in a row, or a step's errors exceed the budget.
 */
public final class HeadroomRunner {
    private static final Logger LOG = LoggerFactory.getLogger(HeadroomRunner.class);

    private final HeadroomPlan plan;
    private final LoadWorkload workload;
    private final Duration reportPeriod;
    private final IntFunction<List<IntervalListener>> stepListeners;

    /**
     * @param reportPeriod  how often the step's listeners hear of its progress
     * @param stepListeners the listeners of the step with the given thread count (a progress display)
     */
    public HeadroomRunner(HeadroomPlan plan, LoadWorkload workload, Duration reportPeriod,
                          IntFunction<List<IntervalListener>> stepListeners) {
        this.plan = plan;
        this.workload = workload;
        this.reportPeriod = reportPeriod;
        this.stepListeners = stepListeners;
    }

    /**
     * Runs one unrecorded step at the lowest concurrency first: without it the first points measure the JIT
     * compiler and cold connections, not the store.
     */
    public HeadroomResult run(String label) {
        runStep(plan.minThreads(), "warmup", workload.control());
        List<HeadroomStep> steps = new ArrayList<>();
        RunControl control = workload.control();
        HeadroomResult.StopReason stopReason = HeadroomResult.StopReason.MAX_THREADS_REACHED;
        int fallingSteps = 0;
        for (int threads = plan.minThreads(); threads <= plan.maxThreads() && !Interruption.requested();
             threads += plan.threadStep()) {
            HeadroomStep step = runStep(threads, "h" + threads, control);
            LOG.info("HEADROOM {} threads: {} ops/s, p50 {} ms, p90 {} ms, p99 {} ms, errors {}, CPU {} us/op", threads,
                    String.format(Locale.ROOT, "%.1f", step.opsPerSecond()), millis(step.p50Micros()),
                    millis(step.p90Micros()), millis(step.p99Micros()), step.errors(),
                    String.format(Locale.ROOT, "%.1f", step.cpuMicrosPerOperation()));
            fallingSteps = !steps.isEmpty() && step.opsPerSecond() < steps.getLast().opsPerSecond() ? fallingSteps + 1 : 0;
            steps.add(step);
            if (step.errorFraction() > plan.errorBudget() || step.integrityErrors() > 0) {
                stopReason = HeadroomResult.StopReason.ERROR_BUDGET_EXCEEDED;
                break;
            }
            if (fallingSteps >= plan.stopAfterFalling()) {
                stopReason = HeadroomResult.StopReason.THROUGHPUT_FELL;
                break;
            }
        }
        return new HeadroomResult(label, steps, Knee.of(steps, plan.kneeFactor()), stopReason, control.failures());
    }

    /** @param stepPrefix unique per step: a step's fixture replays must not meet another step's documents */
    private HeadroomStep runStep(int threads, String stepPrefix, RunControl control) {
        StatisticService statistics = new StatisticService();
        AtomicInteger claimed = new AtomicInteger();
        List<Runnable> tasks = new ArrayList<>();
        for (int thread = 0; thread < threads; thread++) {
            OperationSequence sequence = workload.sequence(stepPrefix + "t" + thread + "/");
            TimedOperation timed = workload.timedOperation(control);
            tasks.add(() -> {
                while (claimed.getAndIncrement() < plan.operationsPerStep() && !Interruption.requested()) {
                    PlannedOperation planned = sequence.next();
                    timed.run(planned.operation(), planned.locationPrefix(), null, statistics);
                }
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, Thread.ofPlatform().name("headroom-", 0).factory());
        long startNanos = System.nanoTime();
        long cpuStartNanos = ProcessCpu.nanos();
        try (IntervalReporter ignored = new IntervalReporter(statistics, reportPeriod, stepListeners.apply(threads))) {
            List<Future<?>> running = tasks.stream().<Future<?>>map(pool::submit).toList();
            for (Future<?> task : running) {
                task.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the " + threads + "-thread step", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a " + threads + "-thread step failed outside any operation: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return step(threads, statistics, Duration.ofNanos(System.nanoTime() - startNanos), ProcessCpu.nanos() - cpuStartNanos);
    }

    /** All operation types of the step in one histogram: a point of the plot is the step, not a type. */
    private static HeadroomStep step(int threads, StatisticService statistics, Duration wallClock, long cpuNanos) {
        Map<OperationType, Duration> wallClocks = new EnumMap<>(OperationType.class);
        for (OperationType type : OperationType.values()) {
            wallClocks.put(type, wallClock);
        }
        Histogram latencyMicros = LatencyHistograms.histogram();
        statistics.summarize(wallClocks).stream().map(OperationStatistics::histogram).forEach(latencyMicros::add);
        Map<ErrorClass, Long> errors = statistics.errorTotals();
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        long operations = latencyMicros.getTotalCount();
        return new HeadroomStep(threads, operations, errorCount, ErrorClass.dataErrors(errors),
                operations / (wallClock.toNanos() / 1e9),
                percentile(latencyMicros, 50), percentile(latencyMicros, 90), percentile(latencyMicros, 99),
                operations + errorCount == 0 ? 0 : cpuNanos / 1000.0 / (operations + errorCount));
    }

    private static long percentile(Histogram latencyMicros, double percentile) {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getValueAtPercentile(percentile);
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
