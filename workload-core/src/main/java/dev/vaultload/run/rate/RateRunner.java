package dev.vaultload.run.rate;

import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.RateSection;
import dev.vaultload.run.RunControl;
import dev.vaultload.run.TimedOperation;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.load.LoadMeasurement;
import dev.vaultload.run.load.LoadRecording;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.load.OperationSequence;
import dev.vaultload.run.load.PlannedOperation;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.IntervalReporter;
import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
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
    /** How long a parked thread may take to notice that the run stopped. */
    private static final long STOP_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
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
        StatisticService corrected = new StatisticService();
        StatisticService uncorrected = new StatisticService();
        LongAccumulator lastEndNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
        LongAdder workerCpuNanos = new LongAdder();
        ExecutorService pool = Executors.newFixedThreadPool(plan.threads(), workers.factory("rate-"));
        List<IntervalListener> periodListeners = Stream.concat(listeners.stream(), recording.listeners().stream()).toList();
        long startNanos;
        long processCpuStartNanos;
        try {
            warmUp(pool);
            processCpuStartNanos = ProcessCpu.nanos();
            try (IntervalReporter ignored = new IntervalReporter(corrected, reportPeriod, periodListeners)) {
                startNanos = runAtRate(pool, new Schedules(plan.operations(), MEASURED_PREFIX, recording.control(),
                        corrected, uncorrected, lastEndNanos, workerCpuNanos));
            }
        } finally {
            pool.shutdownNow();
        }
        long processCpuNanos = ProcessCpu.nanos() - processCpuStartNanos;
        Duration elapsed = Duration.ofNanos(Math.max(1, lastEndNanos.get() - startNanos));
        long attempted = corrected.requestsStarted();
        Map<ErrorClass, Long> errors = corrected.errorTotals();
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        RateSection rate = new RateSection(plan.opsPerSecond(), attempted / (elapsed.toNanos() / 1e9), errorBudget,
                attempted == 0 || (double) errorCount / attempted <= errorBudget, uncorrected.summarize(elapsed),
                plan.warmupOperations());
        return new LoadMeasurement(corrected.summarize(elapsed), errors,
                new CpuUsage(TimeUnit.NANOSECONDS.toMillis(processCpuNanos), TimeUnit.NANOSECONDS.toMillis(workerCpuNanos.sum()),
                        attempted), null, rate);
    }

    /**
     * The plan's warm-up operations at its rate, under a prefix of their own, recorded nowhere and their failures
     * counted nowhere: without it the first seconds ran on code the JIT compiler had not compiled yet and on a cold
     * connection pool, and their backlog made the corrected tail of a short run. The measured schedule starts once
     * every warm-up operation has ended, so no backlog carries over.
     */
    private void warmUp(ExecutorService pool) {
        if (plan.warmupOperations() > 0) {
            StatisticService untimed = new StatisticService();
            runAtRate(pool, new Schedules(plan.warmupOperations(), WARMUP_PREFIX, workload.control(), untimed, untimed,
                    new LongAccumulator(Math::max, Long.MIN_VALUE), new LongAdder()));
        }
    }

    /** What one pass at the plan's rate runs and where it records. */
    private record Schedules(long operations, String prefix, RunControl control, StatisticService corrected,
                             StatisticService uncorrected, LongAccumulator lastEndNanos, LongAdder workerCpuNanos) {
    }

    /** Runs the schedules on the pool's threads until each has ended; returns the time the first operation was due. */
    private long runAtRate(ExecutorService pool, Schedules schedules) {
        long startNanos = System.nanoTime() + LEAD_NANOS;
        List<Future<?>> running = new ArrayList<>();
        for (int thread = 0; thread < plan.threads(); thread++) {
            TimedOperation timed = workload.timedOperation(schedules.control());
            Schedule schedule = new Schedule(thread, startNanos, schedules,
                    workload.sequence(schedules.prefix() + thread + "/", timed), timed);
            running.add(pool.submit(() -> {
                long cpuStartNanos = ProcessCpu.currentThreadNanos();
                schedule.run();
                schedules.workerCpuNanos().add(ProcessCpu.currentThreadNanos() - cpuStartNanos);
            }));
        }
        try {
            for (Future<?> thread : running) {
                thread.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the rate run", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a rate thread failed outside any operation: " + e.getCause(), e.getCause());
        }
        return startNanos;
    }

    /** The operations of one thread: indexes {@code thread, thread + threads, ...} of the schedules. */
    private final class Schedule {
        private final int thread;
        private final long startNanos;
        private final Schedules schedules;
        private final OperationSequence sequence;
        private final TimedOperation timed;

        Schedule(int thread, long startNanos, Schedules schedules, OperationSequence sequence, TimedOperation timed) {
            this.thread = thread;
            this.startNanos = startNanos;
            this.schedules = schedules;
            this.sequence = sequence;
            this.timed = timed;
        }

        void run() {
            RunControl control = schedules.control();
            for (long index = thread; index < schedules.operations() && !control.stopped(); index += plan.threads()) {
                long intendedNanos = startNanos + plan.intendedOffsetNanos(index);
                if (!parkUntil(intendedNanos, control)) {
                    break;
                }
                PlannedOperation planned = sequence.next();
                timed.run(planned.operation(), planned.locationPrefix(), null, intendedNanos, schedules.corrected(),
                        schedules.uncorrected());
                schedules.lastEndNanos().accumulate(System.nanoTime());
            }
        }
    }

    /**
     * Parks until the deadline (no spinning; parkNanos may return early, so it loops) unless the run is stopped first
     * (a signal, FAIL_FAST, an abortOnFail threshold): a schedule with long gaps must not hold a stopped run until its
     * next operation is due. TRACE paces its threads so too.
     *
     * @return true when the deadline came, false when the run stopped
     */
    public static boolean parkUntil(long deadlineNanos, RunControl control) {
        for (long waitNanos = deadlineNanos - System.nanoTime(); waitNanos > 0; waitNanos = deadlineNanos - System.nanoTime()) {
            if (control.stopped()) {
                return false;
            }
            LockSupport.parkNanos(Math.min(waitNanos, STOP_CHECK_NANOS));
        }
        return !control.stopped();
    }
}
