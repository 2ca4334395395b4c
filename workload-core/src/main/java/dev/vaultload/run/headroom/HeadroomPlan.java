package dev.vaultload.run.headroom;

/**
 * A headroom measurement as CredHub runs it: concurrency from {@code minThreads} to {@code maxThreads} by
 * {@code threadStep}, a fixed number of operations per step.
 *
 * @param operationsPerStep operations each step runs, shared by its threads (closed loop)
 * @param stopAfterFalling  stop once throughput has fallen this many steps in a row
 * @param errorBudget       stop, and fail, once a step's failed fraction of operations exceeds this (0..1)
 * @param kneeFactor        the knee is the highest throughput before p50 latency exceeds this factor of its minimum
 */
public record HeadroomPlan(int minThreads, int maxThreads, int threadStep, int operationsPerStep,
                           int stopAfterFalling, double errorBudget, double kneeFactor) {

    public HeadroomPlan {
        require(minThreads >= 1, "MIN_THREADS", minThreads, "a positive integer");
        require(maxThreads >= minThreads, "MAX_THREADS", maxThreads, "an integer >= MIN_THREADS (" + minThreads + ")");
        require(threadStep >= 1, "THREAD_STEP", threadStep, "a positive integer");
        require(operationsPerStep >= 1, "OPERATIONS_PER_STEP", operationsPerStep, "a positive integer");
        require(stopAfterFalling >= 1, "STOP_AFTER_FALLING", stopAfterFalling, "a positive integer");
        require(errorBudget >= 0 && errorBudget <= 1, "ERROR_BUDGET", errorBudget, "a fraction from 0 to 1, e.g. 0.01");
        require(kneeFactor > 1, "KNEE_FACTOR", kneeFactor, "a number above 1, e.g. 2");
    }

    private static void require(boolean valid, String setting, Object value, String accepted) {
        if (!valid) {
            throw new IllegalArgumentException("Invalid " + setting + "='" + value + "': expected " + accepted);
        }
    }
}
