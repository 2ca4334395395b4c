package dev.vaultload.stats;

import dev.vaultload.fixture.OperationType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Every period, swaps the interval histograms out of a {@link StatisticService} and hands them to the
 * listeners, on one daemon thread that sleeps in between: the workers never wait for it.
 */
public final class IntervalReporter implements AutoCloseable {
    private final StatisticService statistics;
    private final List<IntervalListener> listeners;
    private final ScheduledExecutorService scheduler;
    private final long runStartNanos = System.nanoTime();
    private long periodStartEpochMillis = System.currentTimeMillis();
    private int index;
    private long responses;
    private boolean closed;

    public IntervalReporter(StatisticService statistics, Duration period, List<IntervalListener> listeners) {
        this.statistics = statistics;
        this.listeners = List.copyOf(listeners);
        ThreadFactory daemon = runnable -> {
            Thread thread = new Thread(runnable, "interval-reporter");
            thread.setDaemon(true);
            return thread;
        };
        this.scheduler = Executors.newSingleThreadScheduledExecutor(daemon);
        long periodMillis = period.toMillis();
        scheduler.scheduleAtFixedRate(() -> report(false), periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /** Stops the periodic reports and sends the closing one with everything recorded since the last. */
    @Override
    public void close() {
        scheduler.shutdown();
        try {
            if (!scheduler.awaitTermination(10, TimeUnit.SECONDS)) {
                scheduler.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        report(true);
    }

    private synchronized void report(boolean last) {
        if (closed) {
            return;
        }
        closed = last;
        long endEpochMillis = System.currentTimeMillis();
        Map<OperationType, Histogram> latencies = statistics.takeInterval();
        Map<ErrorClass, Long> errors = statistics.errorTotals();
        responses += latencies.values().stream().mapToLong(Histogram::getTotalCount).sum();
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        Interval interval = new Interval(index++, periodStartEpochMillis, endEpochMillis, latencies,
                statistics.requestsStarted(), responses + errorCount, errors,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - runStartNanos), last, statistics.keyManagerTotals(),
                statistics.storeRequestTotals());
        periodStartEpochMillis = endEpochMillis;
        for (IntervalListener listener : listeners) {
            listener.onInterval(interval);
        }
    }
}
