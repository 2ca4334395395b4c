package dev.vaultload.run.headroom;

import dev.vaultload.report.HeadroomStep;
import java.util.List;
import java.util.Optional;

/**
 * The knee of a headroom curve: the highest throughput reached, in step order, before the median latency
 * rises past {@code factor} times its minimum so far. Beyond it, more concurrency buys queueing, not
 * throughput. The minimum is the running one, so a slow first step (a cold JIT) cannot hide every knee.
 */
final class Knee {
    private Knee() {
    }

    static Optional<HeadroomStep> of(List<HeadroomStep> steps, double factor) {
        HeadroomStep knee = null;
        // At least 1 µs: a step faster than the histogram's resolution must not put every later step past the knee.
        long minimumP50Micros = Long.MAX_VALUE;
        for (HeadroomStep step : steps) {
            if (step.operations() == 0) {
                continue;
            }
            minimumP50Micros = Math.min(minimumP50Micros, Math.max(1, step.p50Micros()));
            if (step.p50Micros() > factor * minimumP50Micros) {
                break;
            }
            if (knee == null || step.opsPerSecond() > knee.opsPerSecond()) {
                knee = step;
            }
        }
        return Optional.ofNullable(knee);
    }
}
