package dev.vaultload.stats;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.storage.StoreRequest;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One reporting period of a running combination.
 *
 * @param index            0 for the first period
 * @param startEpochMillis when the period began
 * @param endEpochMillis   when it ended
 * @param latencyMicros    latencies of the operations that completed in the period, per type (valid until the next period)
 * @param requestsStarted  operations sent since the run began
 * @param responses        operations completed since the run began, successful or not
 * @param errors           failures by class since the run began
 * @param runMillis        time since the run began
 * @param last             true for the closing report of the run
 * @param keyManager       per type that called a key manager, its calls and wait since the run began
 * @param storeRequests    per type that asked the store something, its requests by kind since the run began
 */
public record Interval(
        int index,
        long startEpochMillis,
        long endEpochMillis,
        Map<OperationType, Histogram> latencyMicros,
        long requestsStarted,
        long responses,
        Map<ErrorClass, Long> errors,
        long runMillis,
        boolean last,
        Map<OperationType, KeyManagerTally> keyManager,
        Map<OperationType, Map<StoreRequest, Long>> storeRequests) {

    /** A period without key-manager calls or store requests counted. */
    public Interval(int index, long startEpochMillis, long endEpochMillis, Map<OperationType, Histogram> latencyMicros,
                    long requestsStarted, long responses, Map<ErrorClass, Long> errors, long runMillis, boolean last) {
        this(index, startEpochMillis, endEpochMillis, latencyMicros, requestsStarted, responses, errors, runMillis, last,
                Map.of(), Map.of());
    }

    /** Successful operations in this period, all types. */
    public long completedInPeriod() {
        return latencyMicros.values().stream().mapToLong(Histogram::getTotalCount).sum();
    }
}
