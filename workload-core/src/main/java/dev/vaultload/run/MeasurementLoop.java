package dev.vaultload.run;

import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.IntervalReporter;
import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.locks.LockSupport;

/**
 * The one measurement loop of every mode. A mode is a schedule: it hands the loop one {@link Lane} per thread (FIXTURE's
 * executions, HEADROOM's step threads sharing a count, RATE's arrivals, TRACE's users); the loop runs them on its
 * worker threads (made by {@link WorkerThreads}), checks the stop (a signal, FAIL_FAST, an abortOnFail threshold) before
 * each operation, parks an open loop's thread until its next operation is due (never spins), times each operation
 * through the lane's {@link TimedOperation}, takes the threads' and the process's CPU, and reports every period to
 * the listeners of the stretch. The caller's thread only waits.
 */
public final class MeasurementLoop implements AutoCloseable {
    /** How long a parked thread may take to notice that the run stopped. */
    private static final long STOP_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final ExecutorService threads;
    private final Duration reportPeriod;

    /**
     * @param maxThreads   the most lanes one stretch runs; threads are made as stretches need them
     * @param threadPrefix the threads' names, e.g. {@code rate-}
     * @param reportPeriod how often a reported stretch's listeners hear of it
     */
    public MeasurementLoop(int maxThreads, WorkerThreads workers, String threadPrefix, Duration reportPeriod) {
        this.threads = Executors.newFixedThreadPool(maxThreads, workers.factory(threadPrefix));
        this.reportPeriod = reportPeriod;
    }

    /**
     * What one stretch of lanes took.
     *
     * @param lastEndNanos when the last operation ended; {@link Long#MIN_VALUE} when none ran
     */
    public record Stretch(long startNanos, long endNanos, long lastEndNanos, long processCpuNanos, long workerCpuNanos) {
        public Duration wallClock() {
            return Duration.ofNanos(endNanos - startNanos);
        }

        /** From {@code firstDueNanos} to the last operation's end: an open loop's measured time, never zero. */
        public Duration since(long firstDueNanos) {
            return Duration.ofNanos(Math.max(1, lastEndNanos - firstDueNanos));
        }
    }

    /**
     * Runs the lanes, one per thread, until each has ended or the run stopped, reporting {@code measured} to the
     * listeners every period.
     */
    public Stretch reported(List<? extends Lane> lanes, RunControl control, StatisticService measured,
                            StatisticService serviceTimes, List<IntervalListener> listeners) {
        try (IntervalReporter ignored = reporting(measured, listeners)) {
            return run(lanes, control, measured, serviceTimes);
        }
    }

    /**
     * Runs the lanes, one per thread, until each has ended or the run stopped.
     *
     * @param measured     records every operation, an open loop's from its due time
     * @param serviceTimes records an open loop's operations from their actual start too; null in a closed loop
     */
    public Stretch run(List<? extends Lane> lanes, RunControl control, StatisticService measured,
                       StatisticService serviceTimes) {
        LongAccumulator lastEndNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
        long processCpuStartNanos = ProcessCpu.nanos();
        long startNanos = System.nanoTime();
        long workerCpuNanos = runTasks(lanes.stream().map(lane -> (Callable<Long>) () ->
                runLane(lane, control, measured, serviceTimes, lastEndNanos)).toList());
        return new Stretch(startNanos, System.nanoTime(), lastEndNanos.get(), ProcessCpu.nanos() - processCpuStartNanos,
                workerCpuNanos);
    }

    /** Opens the periodic reports of {@code statistics}; closing it sends the last one. */
    public IntervalReporter reporting(StatisticService statistics, List<IntervalListener> listeners) {
        return new IntervalReporter(statistics, reportPeriod, listeners);
    }

    /**
     * Runs tasks on the loop's threads (FIXTURE's validations, which are not timed operations) and waits for all of
     * them.
     *
     * @return the sum of what they return: the CPU nanoseconds of their threads
     */
    public long runTasks(List<Callable<Long>> tasks) {
        try {
            long sum = 0;
            for (Future<Long> task : threads.invokeAll(tasks)) {
                sum += task.get();
            }
            return sum;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while operations ran", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a worker thread failed outside any operation: " + e.getCause(), e.getCause());
        }
    }

    private static long runLane(Lane lane, RunControl control, StatisticService measured, StatisticService serviceTimes,
                                LongAccumulator lastEndNanos) throws InterruptedException {
        long cpuStartNanos = ProcessCpu.currentThreadNanos();
        TimedOperation timed = lane.timed();
        try {
            for (Slot slot = lane.next(); slot != null; slot = lane.next()) {
                if (slot.paced() ? !parkUntil(slot.dueNanos(), control) : control.stopped()) {
                    break;
                }
                lane.due(slot);
                if (slot.paced()) {
                    timed.run(slot.operation(), slot.locationPrefix(), slot.fixtureIndex(), slot.dueNanos(), measured,
                            serviceTimes);
                } else {
                    timed.run(slot.operation(), slot.locationPrefix(), slot.fixtureIndex(), measured);
                }
                lane.ran(slot);
                lastEndNanos.accumulate(System.nanoTime());
            }
        } finally {
            lane.ended();
        }
        return ProcessCpu.currentThreadNanos() - cpuStartNanos;
    }

    /**
     * Parks until the deadline (parkNanos may return early, so it loops) unless the run is stopped first: a schedule
     * with long gaps must not hold a stopped run until its next operation is due.
     *
     * @return true when the deadline came, false when the run stopped
     */
    static boolean parkUntil(long deadlineNanos, RunControl control) {
        for (long waitNanos = deadlineNanos - System.nanoTime(); waitNanos > 0; waitNanos = deadlineNanos - System.nanoTime()) {
            if (control.stopped()) {
                return false;
            }
            LockSupport.parkNanos(Math.min(waitNanos, STOP_CHECK_NANOS));
        }
        return !control.stopped();
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
