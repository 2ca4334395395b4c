package dev.vaultload.run.rate;

/**
 * An open-loop load: operation {@code i} is due at {@code start + i / opsPerSecond}, whatever happened
 * before it; thread {@code t} of {@code threads} runs the operations with {@code i % threads == t}.
 *
 * @param opsPerSecond target rate, all threads together
 * @param threads      threads sharing the schedule
 * @param operations   operations measured
 * @param warmupOperations operations run at the same rate before the measured ones, recorded nowhere
 */
public record RatePlan(double opsPerSecond, int threads, long operations, long warmupOperations) {

    public RatePlan {
        if (!(opsPerSecond > 0) || Double.isInfinite(opsPerSecond)) {
            throw new IllegalArgumentException("Invalid RATE='" + opsPerSecond + "': expected a positive number of operations per second");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("Invalid THREADS='" + threads + "': expected a positive integer");
        }
        if (operations < 1) {
            throw new IllegalArgumentException("Invalid operations=" + operations + ": expected at least one (rate x duration)");
        }
        if (warmupOperations < 0) {
            throw new IllegalArgumentException("Invalid warm-up operations=" + warmupOperations + ": expected zero or more");
        }
    }

    /** A plan without a warm-up. */
    public RatePlan(double opsPerSecond, int threads, long operations) {
        this(opsPerSecond, threads, operations, 0);
    }

    /** When operation {@code index} is due, in nanoseconds after the start. */
    long intendedOffsetNanos(long index) {
        return Math.round(index * 1e9 / opsPerSecond);
    }
}
