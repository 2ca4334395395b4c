package dev.vaultload.parse;

import dev.vaultload.fixture.OperationType;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One operation type in one run of one combination (threads x file size), from a log block or a JSON result.
 *
 * @param configuration       suite, storage, cipher, buckets
 * @param operation           operation type, e.g. {@code WRITE}
 * @param threads             parallel executions
 * @param fileSizeKib         document size in KiB
 * @param throughputPerThread Datasafe's figure: operations per second of summed latency
 * @param percentileMillis    latency by percentile label ("50", "75", "90", "95", "99"), in milliseconds
 * @param run                 where it came from and what else was set
 * @param cost                what the operation cost besides time (key-manager calls, store requests, bytes);
 *                            {@link OperationCost#NONE} from a log
 */
public record Measurement(Configuration configuration, String operation, int threads, int fileSizeKib,
                          double throughputPerThread, Map<String, Double> percentileMillis, Run run,
                          OperationCost cost) {

    /** A measurement without cost figures, as a Datasafe-format log gives it. */
    public Measurement(Configuration configuration, String operation, int threads, int fileSizeKib,
                       double throughputPerThread, Map<String, Double> percentileMillis, Run run) {
        this(configuration, operation, threads, fileSizeKib, throughputPerThread, percentileMillis, run, OperationCost.NONE);
    }

    /** The percentiles of the tables, as Datasafe prints them. */
    public static final List<String> PERCENTILES = List.of("50", "75", "90", "95", "99");

    /** Operations that move a document's bytes; LIST and DELETE move none. */
    private static final Set<String> PAYLOAD_OPERATIONS = Arrays.stream(OperationType.values())
            .filter(OperationType::movesDocument).map(Enum::name).collect(Collectors.toSet());

    private static final double KIB_PER_MIB = 1024.0;

    /** Total throughput as the seed computes it: throughputPerThread x threads. */
    public double opsPerSecond() {
        return throughputPerThread * threads;
    }

    /** Document payload per second (opsPerSecond x file size); NaN for operations that move no document. */
    public double mebibytesPerSecond() {
        return PAYLOAD_OPERATIONS.contains(operation) ? opsPerSecond() * fileSizeKib / KIB_PER_MIB : Double.NaN;
    }

    /**
     * Where a measurement came from.
     *
     * @param source   the log or JSON file
     * @param runId    one block of a log or one JSON file: measurements with the same id were taken together
     * @param settings everything else that was set (fixture, kdfIterations, jdk, cores, host, date, ...), for
     *                 titles and for warnings when a comparison differs in more than it means to
     */
    public record Run(Path source, String runId, Map<String, String> settings) {
    }
}
