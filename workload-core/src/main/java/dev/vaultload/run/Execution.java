package dev.vaultload.run;

import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.TimedBlobStore;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * One thread's replay of the whole fixture, serially, every location under this execution's own prefix,
 * so that its expectations stay exact while other executions act on the same users. Each operation is
 * timed with {@link System#nanoTime()} and recorded in microseconds, together with the part of it the thread
 * spent waiting on the store. Returns the CPU nanoseconds its thread used.
 */
final class Execution implements Callable<Long> {
    private final List<FixtureStep> steps;
    private final String locationPrefix;
    private final OperationExecutor executor;
    private final StatisticService statistics;
    private final RunControl control;
    private final TimedBlobStore storageClock;

    Execution(List<FixtureStep> steps, String locationPrefix, OperationExecutor executor,
              StatisticService statistics, RunControl control, TimedBlobStore storageClock) {
        this.steps = steps;
        this.locationPrefix = locationPrefix;
        this.executor = executor;
        this.statistics = statistics;
        this.control = control;
        this.storageClock = storageClock;
    }

    @Override
    public Long call() {
        long cpuStartNanos = WorkerPool.threadCpuNanos();
        for (FixtureStep step : steps) {
            if (control.stopped()) {
                break;
            }
            run(step);
        }
        return WorkerPool.threadCpuNanos() - cpuStartNanos;
    }

    /** Runs and records one operation; a failure is counted and handed to the control, never thrown. */
    void run(FixtureStep step) {
        Operation operation = step.operation();
        OperationType type = operation.type();
        statistics.requestStarted();
        storageClock.takeThreadStorageNanos(); // drops store time spent between operations
        long startNanos = System.nanoTime();
        try {
            long sizeBytes = executor.execute(operation, locationPrefix);
            long latencyMicros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - startNanos);
            statistics.recordSuccess(type, latencyMicros, sizeBytes);
            statistics.recordStorageTime(type, latencyMicros,
                    TimeUnit.NANOSECONDS.toMicros(storageClock.takeThreadStorageNanos()));
        } catch (RuntimeException failure) {
            control.onFailure(type, failure, () -> new FailureContext(operation.describe(locationPrefix),
                    executor.storeKeyOf(operation, locationPrefix, failure).orElse(null), step.fixtureIndex()));
        }
    }
}
