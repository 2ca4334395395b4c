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
        require(minThreads >= 1, "--min-threads", minThreads, "a positive integer");
        require(maxThreads >= minThreads, "--max-threads", maxThreads, "an integer >= --min-threads (" + minThreads + ")");
        require(threadStep >= 1, "--step", threadStep, "a positive integer");
        require(operationsPerStep >= 1, "--operations-per-step", operationsPerStep, "a positive integer");
        require(stopAfterFalling >= 1, "--stop-after-falling", stopAfterFalling, "a positive integer");
        require(errorBudget >= 0 && errorBudget <= 1, "--error-budget", errorBudget, "a fraction from 0 to 1, e.g. 0.01");
        require(kneeFactor > 1, "--knee-factor", kneeFactor, "a number above 1, e.g. 2");
    }

    private static void require(boolean valid, String option, Object value, String accepted) {
        if (!valid) {
            throw new IllegalArgumentException("Invalid " + option + "='" + value + "': expected " + accepted);
        }
    }
}
