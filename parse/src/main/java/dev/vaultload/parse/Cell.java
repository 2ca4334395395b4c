package dev.vaultload.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * All runs of one operation at one configuration, thread count and file size, summarized: what one table
 * row or one chart point shows.
 */
public record Cell(Key key, Spread opsPerSecond, Spread mebibytesPerSecond, Map<String, Spread> percentileMillis,
                   List<Measurement> runs) {

    /** The operations in the order tables and charts show them; others follow by name. */
    private static final List<String> OPERATION_ORDER = List.of("WRITE", "READ", "SHARE", "LIST", "DELETE", "CREATE_USER");

    public record Key(Configuration configuration, String operation, int threads, int fileSizeKib) {
    }

    /** Groups the measurements into cells, ordered by configuration, operation, file size and threads. */
    public static List<Cell> of(List<Measurement> measurements) {
        Map<Key, List<Measurement>> byKey = measurements.stream().collect(Collectors.groupingBy(
                measurement -> new Key(measurement.configuration(), measurement.operation(), measurement.threads(),
                        measurement.fileSizeKib()), LinkedHashMap::new, Collectors.toList()));
        List<Cell> cells = new ArrayList<>();
        byKey.forEach((key, runs) -> cells.add(summarize(key, runs)));
        cells.sort(Comparator.comparing((Cell cell) -> cell.key().configuration().label())
                .thenComparing(cell -> cell.key().configuration().suite())
                .thenComparing(cell -> cell.key().operation(), operationOrder())
                .thenComparingInt(cell -> cell.key().fileSizeKib())
                .thenComparingInt(cell -> cell.key().threads()));
        return cells;
    }

    public static Comparator<String> operationOrder() {
        return Comparator.comparingInt((String operation) -> OPERATION_ORDER.contains(operation)
                ? OPERATION_ORDER.indexOf(operation) : OPERATION_ORDER.size()).thenComparing(Comparator.naturalOrder());
    }

    /** "100kb", "1mb", "10mb": the seed's column names. */
    public static String sizeLabel(int fileSizeKib) {
        return fileSizeKib % 1024 == 0 ? fileSizeKib / 1024 + "mb" : fileSizeKib + "kb";
    }

    private static Cell summarize(Key key, List<Measurement> runs) {
        Map<String, Spread> percentileMillis = new LinkedHashMap<>();
        for (String percentile : Measurement.PERCENTILES) {
            percentileMillis.put(percentile, Spread.of(runs.stream()
                    .map(run -> run.percentileMillis().getOrDefault(percentile, Double.NaN)).toList()));
        }
        return new Cell(key, Spread.of(runs.stream().map(Measurement::opsPerSecond).toList()),
                Spread.of(runs.stream().map(Measurement::mebibytesPerSecond).toList()), percentileMillis, List.copyOf(runs));
    }
}
