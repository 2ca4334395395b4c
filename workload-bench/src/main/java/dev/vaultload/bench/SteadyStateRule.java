package dev.vaultload.bench;

import java.util.List;
import java.util.Optional;

/**
 * When a baseline's measurement iterations show a steady state: the median of the last half of the iterations is
 * within {@link #MAX_DRIFT} of the median of the first half (a path still being compiled, or slowing down, drifts;
 * one disturbed iteration does not move a median of several). Fewer than {@link #MIN_ITERATIONS} iterations are not
 * judged: their halves have no median that one outlier cannot move.
 */
final class SteadyStateRule {

    static final int MIN_ITERATIONS = 4;
    static final double MAX_DRIFT = 0.10;

    private SteadyStateRule() {
    }

    static boolean judges(List<Double> iterations) {
        return iterations.size() >= MIN_ITERATIONS;
    }

    /** Why the iterations (MB/s, in order) are not at steady state; empty if they are. */
    static Optional<String> violation(List<Double> iterations) {
        if (!judges(iterations)) {
            throw new IllegalArgumentException("fewer than " + MIN_ITERATIONS + " iterations are not judged");
        }
        int half = iterations.size() / 2;
        double first = median(iterations.subList(0, half));
        double last = median(iterations.subList(iterations.size() - half, iterations.size()));
        double drift = last / first - 1;
        if (Math.abs(drift) <= MAX_DRIFT) {
            return Optional.empty();
        }
        return Optional.of(String.format("median of the last %d iterations %.0f MB/s vs the first %d %.0f MB/s (%+.0f%%, bound ±%.0f%%)",
                half, last, half, first, drift * 100, MAX_DRIFT * 100));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
