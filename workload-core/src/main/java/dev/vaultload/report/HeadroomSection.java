package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Optional;

/**
 * The part of a result only a HEADROOM run has: one step per concurrency level, the knee and why the measurement
 * ended. The result's operations are the knee step's (the last step's when there is no knee).
 *
 * @param steps      one per concurrency level run, in order
 * @param knee       the highest throughput before latency rose past the knee factor; null when no step completed an
 *                   operation
 * @param stopReason why the measurement ended
 */
public record HeadroomSection(List<HeadroomStep> steps, @JsonInclude(JsonInclude.Include.NON_NULL) HeadroomStep knee,
                              StopReason stopReason) {

    public HeadroomSection {
        steps = List.copyOf(steps);
    }

    public enum StopReason {
        /** Every step up to the maximum concurrency ran. */
        MAX_THREADS_REACHED,
        /** Throughput fell for the configured number of consecutive steps: the store is past saturation. */
        THROUGHPUT_FELL,
        /** A step's failures exceeded the error budget. */
        ERROR_BUDGET_EXCEEDED
    }

    public Optional<HeadroomStep> kneeStep() {
        return Optional.ofNullable(knee);
    }

    /** False when the error budget was exceeded or any data was lost or altered. */
    public boolean passed() {
        return stopReason != StopReason.ERROR_BUDGET_EXCEEDED && steps.stream().allMatch(step -> step.integrityErrors() == 0);
    }
}
