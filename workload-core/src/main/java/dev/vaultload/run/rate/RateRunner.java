package dev.vaultload.run.rate;

import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.RateSection;
import dev.vaultload.report.SweepSection;
import dev.vaultload.run.Lane;
import dev.vaultload.run.MeasurementLoop;
import dev.vaultload.run.RotationSweep;
import dev.vaultload.run.RunControl;
import dev.vaultload.run.TimedOperation;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.load.LoadMeasurement;
import dev.vaultload.run.load.LoadRecording;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.load.OperationSequence;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Runs an open-loop load at a target rate: every operation has its due time on a fixed schedule, a thread
 * parks until its next one is due (never spins) and starts it at once if it is already late. Each
 * operation is recorded twice by its {@link TimedOperation}: from its due time (corrected) and from its actual start
 * (uncorrected).
 */
public final class RateRunner {
    /** Lets every thread start and park before the first operation is due. */
    private static final long LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final String MEASURED_PREFIX = "r";
    private static final String WARMUP_PREFIX = "warmup/r";

    private final RatePlan plan;
    private final LoadWorkload workload;
    private final Duration reportPeriod;
    private final WorkerThreads workers;
    private final List<IntervalListener> listeners;

    /**
     * @param workers   how the threads that run the operations are made
     * @param listeners hear of the progress every {@code reportPeriod}, measured from the due times
     */
    public RateRunner(RatePlan plan, LoadWorkload workload, Duration reportPeriod, WorkerThreads workers,
                      List<IntervalListener> listeners) {
        this.plan = plan;
        this.workload = workload;
        this.reportPeriod = reportPeriod;
        this.workers = workers;
        this.listeners = List.copyOf(listeners);
    }

    /**
     * Runs the plan's warm-up at its rate, recording nothing, then its operations.
     *
     * @param recording   hears of the failures and the periods
     * @param errorBudget the failed fraction the run may have and still pass
     */
    public LoadMeasurement run(LoadRecording recording, double errorBudget) {
        return run(recording, errorBudget, Optional.empty());
    }

    /**
     * As {@link #run(LoadRecording, double)}, with a rotation sweep beside the measured operations: started as the
     * schedule starts, stopped and checked when its last operation has ended.
     */
    public LoadMeasurement run(LoadRecording recording, double errorBudget, Optional<RotationSweep> sweep) {
        StatisticService corrected = new StatisticService();
        StatisticService uncorrected = new StatisticService();
        List<IntervalListener> periodListeners = Stream.concat(listeners.stream(), recording.listeners().stream()).toList();
        long startNanos;
        MeasurementLoop.Stretch measured;
        try (MeasurementLoop loop = new MeasurementLoop(plan.threads(), workers, "rate-", reportPeriod)) {
            warmUp(loop);
            startNanos = System.nanoTime() + LEAD_NANOS;
            sweep.ifPresent(RotationSweep::start);
            measured = loop.reported(arrivals(plan.operations(), MEASURED_PREFIX, recording.control(), startNanos),
                    recording.control(), corrected, uncorrected, periodListeners);
        }
        SweepSection swept = sweep.map(RotationSweep::stop).orElse(null);
        Duration elapsed = measured.since(startNanos);
        long attempted = corrected.requestsStarted();
        Map<ErrorClass, Long> errors = corrected.errorTotals();
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        RateSection rate = new RateSection(plan.opsPerSecond(), attempted / (elapsed.toNanos() / 1e9), errorBudget,
                attempted == 0 || (double) errorCount / attempted <= errorBudget, uncorrected.summarize(elapsed),
                plan.warmupOperations()).withSweep(swept);
        if (swept != null) { // the load's budget is its own; what the sweep lost or altered fails the run too
            swept.errors().forEach((errorClass, count) -> errors.merge(errorClass, count, Long::sum));
        }
        return new LoadMeasurement(corrected.summarize(elapsed), errors,
                new CpuUsage(TimeUnit.NANOSECONDS.toMillis(measured.processCpuNanos()),
                        TimeUnit.NANOSECONDS.toMillis(measured.workerCpuNanos()), attempted), null, rate);
    }

    /**
     * The plan's warm-up operations at its rate, under a prefix of their own, recorded nowhere and their failures
     * counted nowhere: without it the first seconds ran on code the JIT compiler had not compiled yet and on a cold
     * connection pool, and their backlog made the corrected tail of a short run. The measured schedule starts once
     * every warm-up operation has ended, so no backlog carries over.
     */
    private void warmUp(MeasurementLoop loop) {
        if (plan.warmupOperations() > 0) {
            StatisticService untimed = new StatisticService();
            RunControl unrecorded = workload.control();
            loop.run(arrivals(plan.warmupOperations(), WARMUP_PREFIX, unrecorded, System.nanoTime() + LEAD_NANOS),
                    unrecorded, untimed, untimed);
        }
    }

    /** One lane per thread: thread {@code t} runs the schedule's operations {@code t, t + threads, ...}. */
    private List<Lane> arrivals(long operations, String prefix, RunControl control, long startNanos) {
        List<Lane> lanes = new ArrayList<>();
        for (int thread = 0; thread < plan.threads(); thread++) {
            TimedOperation timed = workload.timedOperation(control);
            AtomicLong index = new AtomicLong(thread);
            lanes.add(Lane.of(timed, workload.sequence(prefix + thread + "/", timed).slots(() -> {
                long next = index.getAndAdd(plan.threads());
                return next < operations ? startNanos + plan.intendedOffsetNanos(next) : OperationSequence.NO_MORE;
            })));
        }
        return lanes;
    }
}
