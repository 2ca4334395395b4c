package dev.vaultload.run.headroom;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The knee of a headroom curve: the highest throughput reached before the median latency rises past
 * {@code factor} times its minimum. Beyond it, more concurrency buys queueing, not throughput.
 */
final class Knee {
    private Knee() {
    }

    static Optional<HeadroomStep> of(List<HeadroomStep> steps, double factor) {
        List<HeadroomStep> measured = steps.stream().filter(step -> step.operations() > 0).toList();
        // At least 1 µs: a step faster than the histogram resolution must not make every other step "past the knee".
        long minimumP50Micros = Math.max(1, measured.stream().mapToLong(HeadroomStep::p50Micros).min().orElse(1));
        return measured.stream()
                .takeWhile(step -> step.p50Micros() <= factor * minimumP50Micros)
                .max(Comparator.comparingDouble(HeadroomStep::opsPerSecond));
    }
}
