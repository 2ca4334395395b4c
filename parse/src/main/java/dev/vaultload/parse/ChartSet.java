package dev.vaultload.parse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

/**
 * The seed's charts from a set of measurements: Write/Read/Share/List/Delete.png (one line per file size),
 * Singlebucket.png (all operations, one panel per size), and the comparisons Multibucket.png (1 vs N buckets),
 * CBCvsGCM.png and ceph.png (storages), each one panel per operation. A chart whose data is missing is
 * skipped with the reason, never drawn empty.
 */
public final class ChartSet {
    private static final List<String> OPERATIONS = List.of("WRITE", "READ", "SHARE", "LIST", "DELETE");
    private static final Set<String> SINGLE_AND_MULTI_BUCKET_SUITES =
            Set.of("RandomActionsOnDatasafeTest", "RandomActionsOnMultiBucketTest");
    private static final Set<String> COMPARED_CIPHERS = Set.of("AES256_CBC", "AES256_GCM");
    private static final int MAX_PANELS_PER_ROW = 3;

    /** The files written and, for each chart not drawn, why. */
    public record Outcome(List<Path> written, List<String> skipped) {
    }

    private record Comparison(String fileName, String dimension, Predicate<Measurement> includes) {
    }

    public Outcome render(List<Measurement> measurements, Path folder) throws IOException {
        Files.createDirectories(folder);
        List<Path> written = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<Measurement> singleBucket = measurements.stream()
                .filter(measurement -> measurement.configuration().buckets() <= 1).toList();
        for (String operation : OPERATIONS) {
            String fileName = operation.charAt(0) + operation.substring(1).toLowerCase() + ".png";
            List<Measurement> data = singleBucket.stream().filter(m -> m.operation().equals(operation)).toList();
            if (data.isEmpty()) {
                skipped.add(fileName + ": no single-bucket " + operation + " results");
            } else {
                written.add(save(List.of(panel(operation, data, bySizeLines(data))), folder.resolve(fileName)));
            }
        }
        List<Measurement> allInOne = singleBucket.stream().filter(m -> OPERATIONS.contains(m.operation())).toList();
        if (allInOne.isEmpty()) {
            skipped.add("Singlebucket.png: no single-bucket results");
        } else {
            written.add(save(perSizePanels(allInOne), folder.resolve("Singlebucket.png")));
        }
        for (Comparison comparison : List.of(
                new Comparison("Multibucket.png", "buckets", m -> SINGLE_AND_MULTI_BUCKET_SUITES.contains(m.configuration().suite())),
                new Comparison("CBCvsGCM.png", "cipher", m -> m.configuration().buckets() <= 1
                        && COMPARED_CIPHERS.contains(m.configuration().cipher())),
                new Comparison("ceph.png", "storage", m -> m.configuration().buckets() <= 1))) {
            List<Measurement> data = measurements.stream().filter(comparison.includes())
                    .filter(m -> OPERATIONS.contains(m.operation())).toList();
            long variants = data.stream().map(m -> m.configuration().value(comparison.dimension())).distinct().count();
            if (variants < 2) {
                skipped.add(comparison.fileName() + ": needs results for two or more " + comparison.dimension()
                        + " values, found " + variants);
            } else {
                written.add(save(perOperationPanels(data), folder.resolve(comparison.fileName())));
            }
        }
        return new Outcome(written, skipped);
    }

    private static List<XYChart> perOperationPanels(List<Measurement> data) {
        Map<String, List<Measurement>> byOperation = groupBy(data, Measurement::operation);
        return OPERATIONS.stream().filter(byOperation::containsKey)
                .map(operation -> panel(operation, byOperation.get(operation), bySizeLines(byOperation.get(operation))))
                .toList();
    }

    private static List<XYChart> perSizePanels(List<Measurement> data) {
        List<String> varying = varyingDimensions(data);
        Map<Integer, List<Measurement>> bySize = groupBy(data, Measurement::fileSizeKib);
        return bySize.keySet().stream().sorted().map(size -> panel("all operations, " + Cell.sizeLabel(size),
                bySize.get(size), lines(bySize.get(size), cell -> (cell.key().operation() + " "
                        + cell.key().configuration().label(varying)).strip()))).toList();
    }

    /** One line per file size (and per configuration where those differ). */
    private static List<ThroughputPanel.Series> bySizeLines(List<Measurement> data) {
        List<String> varying = varyingDimensions(data);
        return lines(data, cell -> (cell.key().configuration().label(varying) + " "
                + Cell.sizeLabel(cell.key().fileSizeKib())).strip());
    }

    private static XYChart panel(String subject, List<Measurement> data, List<ThroughputPanel.Series> lines) {
        return ThroughputPanel.build(subject + " · " + ChartContext.of(data), lines);
    }

    private static List<ThroughputPanel.Series> lines(List<Measurement> data, Function<Cell, String> label) {
        Map<String, List<Cell>> byLabel = Cell.of(data).stream()
                .collect(Collectors.groupingBy(label, LinkedHashMap::new, Collectors.toList()));
        return byLabel.entrySet().stream().map(line -> new ThroughputPanel.Series(line.getKey(), line.getValue())).toList();
    }

    /** The configuration dimensions that differ within the data, so labels name only what tells lines apart. */
    private static List<String> varyingDimensions(List<Measurement> data) {
        List<String> varying = Configuration.DIMENSIONS.stream().filter(dimension -> data.stream()
                .map(m -> m.configuration().value(dimension)).distinct().count() > 1).toList();
        // The multi-bucket suite differs from the single-bucket one by its buckets: saying both is noise.
        return varying.contains("buckets") ? varying.stream().filter(d -> !d.equals("suite")).toList() : varying;
    }

    private static <K> Map<K, List<Measurement>> groupBy(List<Measurement> data, Function<Measurement, K> key) {
        return data.stream().collect(Collectors.groupingBy(key, LinkedHashMap::new, Collectors.toList()));
    }

    private static Path save(List<XYChart> panels, Path file) throws IOException {
        int columns = Math.min(panels.size(), MAX_PANELS_PER_ROW);
        int rows = (panels.size() + columns - 1) / columns;
        if (panels.size() == 1) {
            BitmapEncoder.saveBitmap(panels.get(0), file.toString(), BitmapEncoder.BitmapFormat.PNG);
        } else {
            BitmapEncoder.saveBitmap(panels, rows, columns, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        }
        return file;
    }
}
