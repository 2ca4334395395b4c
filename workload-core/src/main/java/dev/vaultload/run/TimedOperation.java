package dev.vaultload.run;

import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.TimedBlobStore;
import java.util.concurrent.TimeUnit;

/**
 * The one place where an operation of any mode is timed, recorded and, when it fails, classified and reported.
 * Latency runs from the operation's intended start: its due time in an open loop, so that time spent waiting behind
 * a slow predecessor counts (YCSB's intended latency), its actual start in a closed loop. The service time (from
 * the actual start) is recorded beside it where asked, and split into the time spent waiting on the store and the
 * engine's own. A failure is counted in the statistics and handed to the {@link RunControl}, which names the
 * operation, its stored object and its place in the fixture, and applies the error mode. Never throws for a
 * failed operation. Used by one thread at a time: the store clock is per thread.
 */
public final class TimedOperation {
    private final OperationExecutor executor;
    private final TimedBlobStore storageClock;
    private final RunControl control;

    /** @param storageClock the store under the executor's engine, which times the calls on it */
    public TimedOperation(OperationExecutor executor, TimedBlobStore storageClock, RunControl control) {
        this.executor = executor;
        this.storageClock = storageClock;
        this.control = control;
    }

    /** Runs one operation of a closed loop: its intended start is now. */
    public void run(Operation operation, String locationPrefix, Integer fixtureIndex, StatisticService statistics) {
        run(operation, locationPrefix, fixtureIndex, System.nanoTime(), statistics, null);
    }

    /**
     * Runs one operation that was due at {@code intendedStartNanos} (it may start later).
     *
     * @param fixtureIndex the operation's place in the fixture; null when it is not a fixture's operation
     * @param statistics   records the latency from the intended start, the store's share and any failure
     * @param serviceTimes records the latency from the actual start too; null when the two cannot differ
     */
    public void run(Operation operation, String locationPrefix, Integer fixtureIndex, long intendedStartNanos,
                    StatisticService statistics, StatisticService serviceTimes) {
        OperationType type = operation.type();
        statistics.requestStarted();
        storageClock.takeThreadStorageNanos(); // drops store time spent between operations
        long startNanos = System.nanoTime();
        try {
            long sizeBytes = executor.execute(operation, locationPrefix);
            long endNanos = System.nanoTime();
            long serviceMicros = TimeUnit.NANOSECONDS.toMicros(endNanos - startNanos);
            statistics.recordSuccess(type, TimeUnit.NANOSECONDS.toMicros(endNanos - intendedStartNanos), sizeBytes);
            statistics.recordStorageTime(type, serviceMicros,
                    TimeUnit.NANOSECONDS.toMicros(storageClock.takeThreadStorageNanos()));
            if (serviceTimes != null) {
                serviceTimes.recordSuccess(type, serviceMicros, sizeBytes);
            }
        } catch (RuntimeException failure) {
            statistics.recordFailure(type, control.onFailure(type, failure, () -> new FailureContext(
                    operation.describe(locationPrefix), executor.storeKeyOf(operation, locationPrefix, failure)
                    .orElse(null), fixtureIndex)));
        }
    }
}
