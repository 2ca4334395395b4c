package dev.vaultload.run.headroom;

import dev.vaultload.report.Failure;
import java.util.List;
import java.util.Optional;

/**
 * What a headroom measurement found.
 *
 * @param label         what ran, e.g. {@code MEMORY WRITE 100 KiB AES256_GCM}
 * @param steps         one per concurrency level run, in order
 * @param knee          the highest throughput before latency rose past the knee factor; empty when no step completed an operation
 * @param stopReason    why the measurement ended
 * @param failures      the failures kept, each naming its stored object
 */
public record HeadroomResult(String label, List<HeadroomStep> steps, Optional<HeadroomStep> knee, StopReason stopReason,
                             List<Failure> failures) {

    public HeadroomResult {
        steps = List.copyOf(steps);
        failures = List.copyOf(failures);
    }

    public enum StopReason {
        /** Every step up to the maximum concurrency ran. */
        MAX_THREADS_REACHED,
        /** Throughput fell for the configured number of consecutive steps: the store is past saturation. */
        THROUGHPUT_FELL,
        /** A step's failures exceeded the error budget. */
        ERROR_BUDGET_EXCEEDED
    }

    /** False when the error budget was exceeded or any data was lost or altered. */
    public boolean passed() {
        return stopReason != StopReason.ERROR_BUDGET_EXCEEDED
                && steps.stream().allMatch(step -> step.integrityErrors() == 0);
    }
}
