package dev.vaultload.parse;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A figure over the runs of a history, as an inline SVG line chart or a PNG (XChart): the x axis counts the runs, or
 * the days or commits of several runs (1 the oldest), the y axis is the figure's unit from 0; a line per figure or
 * configuration, colored by the operation its label starts with (else from a palette), a p50 solid and every other
 * figure dashed.
 */
public final class TrendChart {
    private static final int WIDTH_PIXELS = 860;
    private static final int HEIGHT_PIXELS = 520;

    /** One line: its label and its value in each run, oldest first; NaN where a run has none. */
    public record Line(String label, double[] values) {
        double[] runs() {
            return IntStream.rangeClosed(1, values.length).asDoubleStream().toArray();
        }

        Color color(SeriesColors colors) {
            return colors.of(label.split(" ")[0]);
        }

        boolean solid() {
            return label.endsWith("p50");
        }
    }

    private TrendChart() {
    }

    /** A section of report.html: its heading, then the charts. */
    public static String section(String heading, String... charts) {
        return "<section class=\"trend\"><h3>" + Html.escape(heading) + "</h3>" + String.join("", charts) + "</section>";
    }

    /** @param point what one step of the x axis is: {@code run}, or {@code day} or {@code commit} of several runs */
    public static String svg(String title, String unit, String point, List<Line> lines) {
        int runs = lines.stream().mapToInt(line -> line.values().length).max().orElse(0);
        double largest = lines.stream().flatMapToDouble(line -> Arrays.stream(line.values()))
                .filter(Double::isFinite).max().orElse(0);
        SvgLineChart chart = new SvgLineChart(title, LinearScale.zeroTo(runs), axis(point), LinearScale.zeroTo(largest), unit);
        SeriesColors colors = new SeriesColors();
        for (Line line : lines) {
            chart.add(new SvgLineChart.Series(line.label(), line.color(colors),
                    line.solid() ? SvgLineChart.Dash.SOLID : SvgLineChart.Dash.DASHED, new ChartLine(line.runs(), line.values())));
        }
        return chart.svg();
    }

    /** The same chart as a PNG, for a page or a message that takes no SVG; a run without a value leaves a gap. */
    public static void png(String title, String unit, String point, List<Line> lines, Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(WIDTH_PIXELS).height(HEIGHT_PIXELS).title(title).xAxisTitle(axis(point))
                .yAxisTitle(unit).build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE).setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setXAxisMin(0.0).setYAxisMin(0.0).setYAxisDecimalPattern("#,##0.###");
        SeriesColors colors = new SeriesColors();
        for (Line line : lines) {
            XYSeries series = chart.addSeries(line.label(), line.runs(), line.values());
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(line.color(colors));
            series.setLineColor(line.color(colors));
            series.setLineStyle(line.solid() ? SeriesLines.SOLID : SeriesLines.DASH_DASH);
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static String axis(String point) {
        return point + " (1 the oldest)";
    }
}
