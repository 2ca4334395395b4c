package dev.vaultload.kms;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.IntervalReporter;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.locks.LockSupport;

/**
 * One case at one concurrency: the threads repeat the call until the duration is up, each call timed into a
 * {@link StatisticService}, whose periods an {@link IntervalReporter} hands to the listeners (the progress line).
 * The statistics count by fixture operation type; a pressure run has one case, recorded under {@link #SLOT}.
 */
final class PressureRun {
    /** Where the case's calls are recorded; never shown: the result names the case. */
    static final OperationType SLOT = OperationType.LIST;
    /** Failures whose message the result keeps, the first ones. */
    private static final int KEPT_FAILURES = 5;

    private final KmsCase.Call call;
    private final long payloadBytes;
    private final int threads;
    private final Pacing pacing;
    private final StatisticService statistics = new StatisticService();
    private final List<String> firstFailures = new ArrayList<>();
    private final LongAccumulator lastEndNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);

    /**
     * What one run measured.
     *
     * @param statistics    latency percentiles (3 significant digits), ops/s over the run's wall clock, errors by class
     * @param requests      calls started
     * @param firstFailures the first failures' classes and messages
     */
    record Measurement(OperationStatistics statistics, long requests, List<String> firstFailures) {
    }

    PressureRun(KmsCase.Call call, long payloadBytes, int threads, Pacing pacing) {
        this.call = call;
        this.payloadBytes = payloadBytes;
        this.threads = threads;
        this.pacing = pacing;
    }

    /** Runs for {@code duration}; every {@code period} the listeners hear of it, and once more at the end. */
    Measurement measure(Duration duration, Duration period, List<IntervalListener> listeners) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads, WorkerThreads.DEFAULT.factory("kms-"));
        IntervalReporter reporter = new IntervalReporter(statistics, period, listeners);
        long startNanos = System.nanoTime();
        long endNanos = startNanos + duration.toNanos();
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int thread = 0; thread < threads; thread++) {
                int index = thread;
                workers.add(pool.submit(() -> work(index, startNanos, endNanos)));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("a worker failed outside the KMS call", e.getCause());
        } finally {
            pool.shutdownNow();
            reporter.close(); // the closing "Statistics" line
        }
        Duration wallClock = Duration.ofNanos(lastEndNanos.get() - startNanos);
        OperationStatistics measured = statistics.summarize(wallClock).stream().filter(s -> s.type() == SLOT)
                .findFirst().orElseThrow(() -> new IllegalStateException("no call was made"));
        synchronized (firstFailures) {
            return new Measurement(measured, statistics.requestsStarted(), List.copyOf(firstFailures));
        }
    }

    /** Calls until the end: a call due after it, or not started by it, is not made. */
    private void work(int thread, long startNanos, long endNanos) {
        for (long made = 0; ; made++) {
            long dueNanos = pacing.dueNanos(startNanos, thread, made, threads);
            if (dueNanos >= endNanos || System.nanoTime() >= endNanos) {
                return;
            }
            parkUntil(dueNanos);
            statistics.requestStarted();
            try {
                call.run();
                long endedNanos = System.nanoTime();
                statistics.recordSuccess(SLOT, TimeUnit.NANOSECONDS.toMicros(endedNanos - dueNanos), payloadBytes);
                lastEndNanos.accumulate(endedNanos);
            } catch (RuntimeException e) {
                lastEndNanos.accumulate(System.nanoTime());
                ErrorClass errorClass = ErrorClassifier.classify(e);
                statistics.recordFailure(SLOT, errorClass);
                keep(errorClass, e);
            }
        }
    }

    private void keep(ErrorClass errorClass, RuntimeException failure) {
        synchronized (firstFailures) {
            if (firstFailures.size() < KEPT_FAILURES) {
                firstFailures.add(errorClass + " " + failure.getMessage());
            }
        }
    }

    private static void parkUntil(long dueNanos) {
        for (long waitNanos = dueNanos - System.nanoTime(); waitNanos > 0; waitNanos = dueNanos - System.nanoTime()) {
            LockSupport.parkNanos(waitNanos);
        }
    }
}
