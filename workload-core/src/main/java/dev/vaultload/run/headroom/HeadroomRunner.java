package dev.vaultload.run.headroom;

import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.HeadroomStep;
import dev.vaultload.run.Lane;
import dev.vaultload.run.MeasurementLoop;
import dev.vaultload.run.RunControl;
import dev.vaultload.run.Slot;
import dev.vaultload.run.TimedOperation;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.load.LoadMeasurement;
import dev.vaultload.run.load.LoadRecording;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.load.OperationSequence;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.LatencyHistograms;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.Stream;
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
    private final WorkerThreads workers;
    private final IntFunction<List<IntervalListener>> stepListeners;

    /**
     * @param reportPeriod  how often the step's listeners hear of its progress
     * @param workers       how the threads of every step are made
     * @param stepListeners the listeners of the step with the given thread count (a progress display)
     */
    public HeadroomRunner(HeadroomPlan plan, LoadWorkload workload, Duration reportPeriod, WorkerThreads workers,
                          IntFunction<List<IntervalListener>> stepListeners) {
        this.plan = plan;
        this.workload = workload;
        this.reportPeriod = reportPeriod;
        this.workers = workers;
        this.stepListeners = stepListeners;
    }

    /** One measured step: its point of the plot, its operations' statistics, errors and CPU. */
    private record StepRun(HeadroomStep step, List<OperationStatistics> operations, Map<ErrorClass, Long> errors,
                           long processCpuNanos, long workerCpuNanos) {
    }

    /**
     * Runs one unrecorded step at the lowest concurrency first: without it the first points measure the JIT
     * compiler and cold connections, not the store. The measured steps report their failures and periods to
     * {@code recording}; the result's operations are the knee step's, the last step's when there is no knee.
     */
    public LoadMeasurement run(LoadRecording recording) {
        try (MeasurementLoop loop = new MeasurementLoop(plan.maxThreads(), workers, "headroom-", reportPeriod)) {
            return measurement(run(loop, recording));
        }
    }

    private StepsRun run(MeasurementLoop loop, LoadRecording recording) {
        runStep(loop, plan.minThreads(), "warmup", workload.control(), stepListeners.apply(plan.minThreads()));
        List<StepRun> runs = new ArrayList<>();
        HeadroomSection.StopReason stopReason = HeadroomSection.StopReason.MAX_THREADS_REACHED;
        int fallingSteps = 0;
        for (int threads = plan.minThreads(); threads <= plan.maxThreads() && !recording.control().stopped();
             threads += plan.threadStep()) {
            StepRun run = runStep(loop, threads, "h" + threads, recording.control(),
                    Stream.concat(stepListeners.apply(threads).stream(), recording.listeners().stream()).toList());
            HeadroomStep step = run.step();
            LOG.info("HEADROOM {} threads: {} ops/s, p50 {} ms, p90 {} ms, p99 {} ms, errors {}, CPU {} us/op", threads,
                    String.format(Locale.ROOT, "%.1f", step.opsPerSecond()), millis(step.p50Micros()),
                    millis(step.p90Micros()), millis(step.p99Micros()), step.errors(),
                    String.format(Locale.ROOT, "%.1f", step.cpuMicrosPerOperation()));
            fallingSteps = !runs.isEmpty() && step.opsPerSecond() < runs.getLast().step().opsPerSecond() ? fallingSteps + 1 : 0;
            runs.add(run);
            if (step.errorFraction() > plan.errorBudget() || step.integrityErrors() > 0) {
                stopReason = HeadroomSection.StopReason.ERROR_BUDGET_EXCEEDED;
                break;
            }
            if (fallingSteps >= plan.stopAfterFalling()) {
                stopReason = HeadroomSection.StopReason.THROUGHPUT_FELL;
                break;
            }
        }
        return new StepsRun(runs, stopReason);
    }

    /** The measured steps and why they ended. */
    private record StepsRun(List<StepRun> runs, HeadroomSection.StopReason stopReason) {
    }

    private LoadMeasurement measurement(StepsRun steps) {
        List<StepRun> runs = steps.runs();
        HeadroomSection.StopReason stopReason = steps.stopReason();
        List<HeadroomStep> points = runs.stream().map(StepRun::step).toList();
        HeadroomStep knee = Knee.of(points, plan.kneeFactor()).orElse(null);
        List<OperationStatistics> operations = runs.isEmpty() ? List.of() : runs.stream()
                .filter(run -> run.step() == knee).findFirst().orElse(runs.getLast()).operations();
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        runs.forEach(run -> run.errors().forEach((errorClass, count) -> errors.merge(errorClass, count, Long::sum)));
        CpuUsage cpu = new CpuUsage(TimeUnit.NANOSECONDS.toMillis(runs.stream().mapToLong(StepRun::processCpuNanos).sum()),
                TimeUnit.NANOSECONDS.toMillis(runs.stream().mapToLong(StepRun::workerCpuNanos).sum()),
                points.stream().mapToLong(step -> step.operations() + step.errors()).sum());
        return new LoadMeasurement(operations, errors, cpu, new HeadroomSection(points, knee, stopReason), null);
    }

    /** @param stepPrefix unique per step: a step's fixture replays must not meet another step's documents */
    private StepRun runStep(MeasurementLoop loop, int threads, String stepPrefix, RunControl control,
                            List<IntervalListener> listeners) {
        StatisticService statistics = new StatisticService();
        AtomicInteger claimed = new AtomicInteger();
        List<Lane> lanes = new ArrayList<>();
        for (int thread = 0; thread < threads; thread++) {
            TimedOperation timed = workload.timedOperation(control);
            // closed loop: each thread claims the step's operations one at a time with the others
            lanes.add(Lane.of(timed, workload.sequence(stepPrefix + "t" + thread + "/", timed).slots(() ->
                    claimed.getAndIncrement() < plan.operationsPerStep() ? Slot.WHEN_READY : OperationSequence.NO_MORE)));
        }
        MeasurementLoop.Stretch stretch = loop.reported(lanes, control, statistics, null, listeners);
        List<OperationStatistics> operations = statistics.summarize(stretch.wallClock());
        Map<ErrorClass, Long> errors = statistics.errorTotals();
        return new StepRun(step(threads, operations, errors, stretch.wallClock(), stretch.processCpuNanos()), operations,
                errors, stretch.processCpuNanos(), stretch.workerCpuNanos());
    }

    /** All operation types of the step in one histogram: a point of the plot is the step, not a type. */
    private static HeadroomStep step(int threads, List<OperationStatistics> operations, Map<ErrorClass, Long> errors,
                                     Duration wallClock, long cpuNanos) {
        Histogram latencyMicros = LatencyHistograms.histogram();
        operations.stream().map(OperationStatistics::histogram).forEach(latencyMicros::add);
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        long succeeded = latencyMicros.getTotalCount();
        return new HeadroomStep(threads, succeeded, errorCount, ErrorClass.dataErrors(errors),
                succeeded / (wallClock.toNanos() / 1e9),
                percentile(latencyMicros, 50), percentile(latencyMicros, 90), percentile(latencyMicros, 99),
                succeeded + errorCount == 0 ? 0 : cpuNanos / 1000.0 / (succeeded + errorCount));
    }

    private static long percentile(Histogram latencyMicros, double percentile) {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getValueAtPercentile(percentile);
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
