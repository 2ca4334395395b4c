package dev.vaultload.parse;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
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
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

/**
 * The seed's charts from a set of measurements: Write/Read/Share/List/Delete.png (one line per file size),
 * Singlebucket.png (all operations: a row of panels per configuration, a column per size), and the
 * comparisons Multibucket.png (1 vs N buckets), CBCvsGCM.png and ceph.png (storages): a row per operation, a
 * column per size, a line per compared configuration. A chart whose data is missing is
 * skipped with the reason, never drawn empty.
 */
public final class ChartSet {
    private static final List<String> OPERATIONS = List.of("WRITE", "READ", "SHARE", "LIST", "DELETE");
    private static final Set<String> SINGLE_AND_MULTI_BUCKET_SUITES =
            Set.of("RandomActionsOnDatasafeTest", "RandomActionsOnMultiBucketTest");
    private static final Set<String> COMPARED_CIPHERS = Set.of("AES256_CBC", "AES256_GCM");

    /** The files written and, for each chart not drawn, why. */
    public record Outcome(List<Path> written, List<String> skipped) {
    }

    private record Comparison(String fileName, String dimension, Predicate<Measurement> includes) {
    }

    public Outcome render(List<Measurement> measurements, Path folder) throws IOException {
        Files.createDirectories(folder);
        List<Path> written = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        SeriesColors colors = new SeriesColors();
        List<Measurement> singleBucket = measurements.stream()
                .filter(measurement -> measurement.configuration().buckets() <= 1).toList();
        for (String operation : OPERATIONS) {
            String fileName = operation.charAt(0) + operation.substring(1).toLowerCase() + ".png";
            List<Measurement> data = singleBucket.stream().filter(m -> m.operation().equals(operation)).toList();
            if (data.isEmpty()) {
                skipped.add(fileName + ": no single-bucket " + operation + " results");
            } else {
                written.add(save(new Grid(List.of(panel(operation, data, bySizeLines(data), colors)), 1), folder.resolve(fileName)));
            }
        }
        List<Measurement> allInOne = singleBucket.stream().filter(m -> OPERATIONS.contains(m.operation())).toList();
        if (allInOne.isEmpty()) {
            skipped.add("Singlebucket.png: no single-bucket results");
        } else {
            written.add(save(perConfigurationAndSizePanels(allInOne, colors), folder.resolve("Singlebucket.png")));
        }
        for (Comparison comparison : List.of(
                new Comparison("Multibucket.png", "buckets", m -> SINGLE_AND_MULTI_BUCKET_SUITES.contains(m.configuration().suite())),
                new Comparison("CBCvsGCM.png", "cipher", m -> m.configuration().buckets() <= 1
                        && COMPARED_CIPHERS.contains(m.configuration().cipher())),
                new Comparison("ceph.png", "storage", m -> m.configuration().buckets() <= 1),
                new Comparison("Engines.png", "engine", m -> m.configuration().buckets() <= 1))) {
            List<Measurement> data = measurements.stream().filter(comparison.includes())
                    .filter(m -> OPERATIONS.contains(m.operation())).toList();
            List<String> variants = data.stream().map(m -> m.configuration().value(comparison.dimension()))
                    .distinct().sorted().toList();
            if (variants.size() < 2) {
                skipped.add(comparison.fileName() + ": needs results for two or more values of "
                        + comparison.dimension() + ", found " + variants);
            } else {
                written.add(save(perOperationAndSizePanels(data, colors), folder.resolve(comparison.fileName())));
            }
        }
        return new Outcome(written, skipped);
    }

    /** A grid of panels, row by row; a null panel leaves its place blank. */
    private record Grid(List<XYChart> panels, int columns) {
    }

    /** A row per operation, a column per file size, a line per compared configuration. */
    private static Grid perOperationAndSizePanels(List<Measurement> data, SeriesColors colors) {
        List<String> varying = varyingDimensions(data);
        List<Integer> sizes = data.stream().map(Measurement::fileSizeKib).distinct().sorted().toList();
        List<XYChart> panels = new ArrayList<>();
        for (String operation : OPERATIONS) {
            for (int size : sizes) {
                List<Measurement> cell = data.stream()
                        .filter(m -> m.operation().equals(operation) && m.fileSizeKib() == size).toList();
                panels.add(cell.isEmpty() ? null : panel(operation + " " + Cell.sizeLabel(size), cell,
                        lines(cell, c -> c.key().configuration().label(varying)), colors));
            }
        }
        return new Grid(withoutBlankRows(panels, sizes.size()), sizes.size());
    }

    /** The all-in-one chart: a row per configuration, a column per file size, a line per operation. */
    private static Grid perConfigurationAndSizePanels(List<Measurement> data, SeriesColors colors) {
        List<String> varying = varyingDimensions(data);
        List<Integer> sizes = data.stream().map(Measurement::fileSizeKib).distinct().sorted().toList();
        List<XYChart> panels = new ArrayList<>();
        groupBy(data, m -> m.configuration().label(varying)).forEach((configuration, ofConfiguration) -> {
            for (int size : sizes) {
                List<Measurement> cell = ofConfiguration.stream().filter(m -> m.fileSizeKib() == size).toList();
                panels.add(cell.isEmpty() ? null : panel((configuration + " all operations " + Cell.sizeLabel(size)).strip(),
                        cell, lines(cell, c -> c.key().operation()), colors));
            }
        });
        return new Grid(panels, sizes.size());
    }

    private static List<XYChart> withoutBlankRows(List<XYChart> panels, int columns) {
        List<XYChart> kept = new ArrayList<>();
        for (int row = 0; row < panels.size(); row += columns) {
            List<XYChart> panelsOfRow = panels.subList(row, row + columns);
            if (panelsOfRow.stream().anyMatch(java.util.Objects::nonNull)) {
                kept.addAll(panelsOfRow);
            }
        }
        return kept;
    }

    /** One line per file size (and per configuration where those differ). */
    private static List<ThroughputPanel.Series> bySizeLines(List<Measurement> data) {
        List<String> varying = varyingDimensions(data);
        return lines(data, cell -> (cell.key().configuration().label(varying) + " "
                + Cell.sizeLabel(cell.key().fileSizeKib())).strip());
    }

    private static XYChart panel(String subject, List<Measurement> data, List<ThroughputPanel.Series> lines,
                                 SeriesColors colors) {
        return ThroughputPanel.build(subject + " · " + ChartContext.of(data), lines, colors);
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

    /** One panel as it is, several on a white grid. */
    private static Path save(Grid grid, Path file) throws IOException {
        if (grid.panels().size() == 1) {
            BitmapEncoder.saveBitmap(grid.panels().get(0), file.toString(), BitmapEncoder.BitmapFormat.PNG);
            return file;
        }
        int rows = (grid.panels().size() + grid.columns() - 1) / grid.columns();
        BufferedImage image = new BufferedImage(grid.columns() * ThroughputPanel.WIDTH_PIXELS,
                rows * ThroughputPanel.HEIGHT_PIXELS, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        try {
            graphics.setColor(Color.WHITE);
            graphics.fillRect(0, 0, image.getWidth(), image.getHeight());
            for (int index = 0; index < grid.panels().size(); index++) {
                XYChart panel = grid.panels().get(index);
                if (panel != null) {
                    graphics.drawImage(BitmapEncoder.getBufferedImage(panel), index % grid.columns() * ThroughputPanel.WIDTH_PIXELS,
                            index / grid.columns() * ThroughputPanel.HEIGHT_PIXELS, null);
                }
            }
        } finally {
            graphics.dispose();
        }
        ImageIO.write(image, "png", file.toFile());
        return file;
    }
}
