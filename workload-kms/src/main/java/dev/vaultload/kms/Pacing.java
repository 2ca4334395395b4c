package dev.vaultload.kms;

import java.util.OptionalDouble;

/**
 * When a thread starts its next call. Closed loop: as soon as its previous one ended. Open loop at a rate: call
 * {@code i} of the run is due at start + i / rate, thread {@code t} makes the calls with {@code i mod threads = t},
 * and a call's latency counts from its due time, so a KMS that falls behind is not excused by the calls that
 * waited (coordinated omission, as RATE mode corrects it).
 */
record Pacing(OptionalDouble ratePerSecond) {
    static final Pacing CLOSED = new Pacing(OptionalDouble.empty());

    static Pacing atRate(double ratePerSecond) {
        return new Pacing(OptionalDouble.of(ratePerSecond));
    }

    /**
     * @param startNanos when the run started ({@link System#nanoTime()})
     * @param thread     the thread's index
     * @param call       how many calls the thread made before
     */
    long dueNanos(long startNanos, int thread, long call, int threads) {
        if (ratePerSecond.isEmpty()) {
            return System.nanoTime();
        }
        return startNanos + Math.round((call * threads + thread) * 1e9 / ratePerSecond.getAsDouble());
    }
}
