package dev.vaultload.parse;

import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StoreTrafficStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * What one operation cost besides its time, as a JSON result records it: key-manager calls and store requests per
 * operation and bytes sent and received per byte of content. Each null when the result does not have it (a
 * Datasafe-format log; an engine whose requests the harness's store does not see; an operation without content).
 */
record OperationCost(Double kmsCallsPerOperation, Double storeRequestsPerOperation, Double sentBytesPerContentByte,
                     Double receivedBytesPerContentByte) {

    static final OperationCost NONE = new OperationCost(null, null, null, null);

    /** The figures compare shows, each with its label. */
    enum Figure {
        KMS_CALLS("KMS calls/op", OperationCost::kmsCallsPerOperation),
        STORE_REQUESTS("store requests/op", OperationCost::storeRequestsPerOperation),
        SENT_PER_CONTENT_BYTE("bytes sent/content byte", OperationCost::sentBytesPerContentByte),
        RECEIVED_PER_CONTENT_BYTE("bytes received/content byte", OperationCost::receivedBytesPerContentByte);

        private final String label;
        private final Function<OperationCost, Double> value;

        Figure(String label, Function<OperationCost, Double> value) {
            this.label = label;
            this.value = value;
        }

        String label() {
            return label;
        }

        /** The figure's mean over the runs that have it; null when none has. */
        Double meanOf(List<Measurement> runs) {
            List<Double> known = runs.stream().map(run -> value.apply(run.cost())).filter(Objects::nonNull).toList();
            return known.isEmpty() ? null : known.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        }

        /** {@code 1.00 -> 0.03}: A's mean and B's, "-" where a side has none; null when neither has any. */
        String sides(List<Measurement> a, List<Measurement> b) {
            Double valueA = meanOf(a);
            Double valueB = meanOf(b);
            return valueA == null && valueB == null ? null : format(valueA) + " -> " + format(valueB);
        }

        private static String format(Double value) {
            return value == null ? "-" : String.format(Locale.ROOT, "%.2f", value);
        }
    }

    static OperationCost of(OperationStatistics operation) {
        StoreTrafficStatistics traffic = operation.storeTraffic();
        return new OperationCost(operation.timeSplit() == null ? null : operation.timeSplit().kmsCallsPerOperation(),
                traffic == null ? null : traffic.totalRequestsPerOperation(),
                traffic == null ? null : traffic.sentBytesPerContentByte(),
                traffic == null ? null : traffic.receivedBytesPerContentByte());
    }
}
