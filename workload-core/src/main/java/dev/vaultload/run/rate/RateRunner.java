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
     * @param recording   hears of the failures and the periods
     * @param errorBudget the failed fraction the run may have and still pass
     */
    public LoadMeasurement run(LoadRecording recording, double errorBudget) {
        StatisticService corrected = new StatisticService();
        StatisticService uncorrected = new StatisticService();
        LongAccumulator lastEndNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
        LongAdder workerCpuNanos = new LongAdder();
        ExecutorService pool = Executors.newFixedThreadPool(plan.threads(), workers.factory("rate-"));
        long startNanos = System.nanoTime() + LEAD_NANOS;
        long processCpuStartNanos = ProcessCpu.nanos();
        List<IntervalListener> periodListeners = Stream.concat(listeners.stream(), recording.listeners().stream()).toList();
        try (IntervalReporter ignored = new IntervalReporter(corrected, reportPeriod, periodListeners)) {
            List<Future<?>> running = new ArrayList<>();
            for (int thread = 0; thread < plan.threads(); thread++) {
                TimedOperation timed = workload.timedOperation(recording.control());
                Schedule schedule = new Schedule(thread, startNanos, workload.sequence("r" + thread + "/", timed),
                        timed, recording.control(), corrected, uncorrected, lastEndNanos);
                running.add(pool.submit(() -> {
                    long cpuStartNanos = ProcessCpu.currentThreadNanos();
                    schedule.run();
                    workerCpuNanos.add(ProcessCpu.currentThreadNanos() - cpuStartNanos);
                }));
            }
            for (Future<?> thread : running) {
                thread.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the rate run", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a rate thread failed outside any operation: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
        long processCpuNanos = ProcessCpu.nanos() - processCpuStartNanos;
        Duration elapsed = Duration.ofNanos(Math.max(1, lastEndNanos.get() - startNanos));
        long attempted = corrected.requestsStarted();
        Map<ErrorClass, Long> errors = corrected.errorTotals();
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        RateSection rate = new RateSection(plan.opsPerSecond(), attempted / (elapsed.toNanos() / 1e9), errorBudget,
                attempted == 0 || (double) errorCount / attempted <= errorBudget, uncorrected.summarize(elapsed));
        return new LoadMeasurement(corrected.summarize(elapsed), errors,
                new CpuUsage(TimeUnit.NANOSECONDS.toMillis(processCpuNanos), TimeUnit.NANOSECONDS.toMillis(workerCpuNanos.sum()),
                        attempted), null, rate);
    }

    /** The operations of one thread: indexes {@code thread, thread + threads, ...} of the plan. */
    private final class Schedule {
        private final int thread;
        private final long startNanos;
        private final OperationSequence sequence;
        private final TimedOperation timed;
        private final RunControl control;
        private final StatisticService corrected;
        private final StatisticService uncorrected;
        private final LongAccumulator lastEndNanos;

        Schedule(int thread, long startNanos, OperationSequence sequence, TimedOperation timed, RunControl control,
                 StatisticService corrected, StatisticService uncorrected, LongAccumulator lastEndNanos) {
            this.thread = thread;
            this.startNanos = startNanos;
            this.sequence = sequence;
            this.timed = timed;
            this.control = control;
            this.corrected = corrected;
            this.uncorrected = uncorrected;
            this.lastEndNanos = lastEndNanos;
        }

        void run() {
            for (long index = thread; index < plan.operations() && !control.stopped(); index += plan.threads()) {
                long intendedNanos = startNanos + plan.intendedOffsetNanos(index);
                parkUntil(intendedNanos);
                PlannedOperation planned = sequence.next();
                timed.run(planned.operation(), planned.locationPrefix(), null, intendedNanos, corrected, uncorrected);
                lastEndNanos.accumulate(System.nanoTime());
            }
        }
    }

    /** Parks (no spinning) until the deadline; parkNanos may return early, so it loops. TRACE paces its threads so too. */
    public static void parkUntil(long deadlineNanos) {
        for (long waitNanos = deadlineNanos - System.nanoTime(); waitNanos > 0; waitNanos = deadlineNanos - System.nanoTime()) {
            LockSupport.parkNanos(waitNanos);
        }
    }
}
