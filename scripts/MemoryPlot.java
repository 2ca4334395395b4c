import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plots of scripts/memory-sweep.sh (which runs it on vaultload.jar, where XChart is): from its sweep.tsv, one PNG
 * per engine, peak heap and peak RSS against document size (log scale), a line per thread count. Runs that were
 * refused or failed have no point.
 *   java -cp vaultload.jar scripts/MemoryPlot.java RESULTS_DIR/sweep.tsv RESULTS_DIR
 */
public class MemoryPlot {
    private record Point(double sizeMib, double heapMib, double rssMib) {
    }

    public static void main(String[] args) throws IOException {
        Path tsv = Path.of(args[0]);
        Path out = Path.of(args[1]);
        // engine -> threads -> points, in the order the sweep ran them
        Map<String, Map<Integer, List<Point>>> engines = new TreeMap<>();
        List<String> lines = Files.readAllLines(tsv);
        for (String line : lines.subList(1, lines.size())) { // after the header
            String[] field = line.split("\t");
            if (!field[3].equals("passed")) {
                continue;
            }
            engines.computeIfAbsent(field[0], engine -> new TreeMap<>())
                    .computeIfAbsent(Integer.parseInt(field[2]), threads -> new ArrayList<>())
                    .add(new Point(Double.parseDouble(field[1]), Double.parseDouble(field[4]), Double.parseDouble(field[5])));
        }
        for (Map.Entry<String, Map<Integer, List<Point>>> engine : engines.entrySet()) {
            XYChart heap = chart(engine.getKey() + ": peak heap used", "MiB of heap");
            XYChart rss = chart(engine.getKey() + ": peak RSS", "MiB resident");
            engine.getValue().forEach((threads, points) -> {
                String name = threads + (threads == 1 ? " thread" : " threads");
                List<Double> sizes = points.stream().map(Point::sizeMib).toList();
                heap.addSeries(name, sizes, points.stream().map(Point::heapMib).toList()).setMarker(SeriesMarkers.CIRCLE);
                rss.addSeries(name, sizes, points.stream().map(Point::rssMib).toList()).setMarker(SeriesMarkers.CIRCLE);
            });
            Path png = out.resolve("memory-" + engine.getKey() + ".png");
            BitmapEncoder.saveBitmap(List.of(heap, rss), 1, 2, png.toString(), BitmapEncoder.BitmapFormat.PNG);
            System.out.println("wrote " + png);
        }
    }

    private static XYChart chart(String title, String yAxis) {
        XYChart chart = new XYChartBuilder().width(560).height(380).title(title).xAxisTitle("document size, MiB")
                .yAxisTitle(yAxis).build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        return chart;
    }
}
