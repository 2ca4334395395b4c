package dev.vaultload.run;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The threads of one combination: one per execution. Each task returns the CPU nanoseconds its thread used;
 * the caller's thread only waits for a batch (no polling, no spinning).
 */
final class WorkerPool implements AutoCloseable {
    private final ExecutorService threads;

    WorkerPool(int threadCount, WorkerThreads workers) {
        this.threads = Executors.newFixedThreadPool(threadCount, workers.factory("execution-"));
    }

    /** Runs the tasks, waits for all of them and returns the CPU nanoseconds they used. */
    long runAll(List<Callable<Long>> tasks) {
        long cpuNanos = 0;
        try {
            for (Future<Long> done : threads.invokeAll(tasks)) {
                cpuNanos += done.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while operations ran", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("an execution failed outside any operation: " + e.getCause(), e.getCause());
        }
        return cpuNanos;
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
