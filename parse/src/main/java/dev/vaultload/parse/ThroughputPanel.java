package dev.vaultload.parse;

import java.awt.Color;
import java.awt.Font;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** One chart: total ops/s against threads, one line per series, error bars where runs were repeated. */
public final class ThroughputPanel {
    public static final int WIDTH_PIXELS = 760;
    public static final int HEIGHT_PIXELS = 520;

    private ThroughputPanel() {
    }

    /** A line of the chart: its label and its cells (one per thread count). */
    public record Series(String label, List<Cell> cells) {
    }

    /** Above this ratio of largest to smallest value a linear axis flattens the slow lines into the floor. */
    private static final double LOG_SCALE_FROM_RATIO = 10.0;

    /**
     * The y axis is logarithmic when the lines are more than a decade apart (10 MiB WRITE beside LIST), else
     * linear, which labels more ticks.
     */
    public static XYChart build(String title, List<Series> series, SeriesColors colors) {
        boolean logarithmic = decadesApart(series);
        XYChart chart = new XYChartBuilder().width(WIDTH_PIXELS).height(HEIGHT_PIXELS).title(title).xAxisTitle("threads")
                .yAxisTitle("ops/s, all threads" + (logarithmic ? " (log scale)" : "")).build();
        chart.getStyler()
                .setLegendPosition(Styler.LegendPosition.OutsideE)
                .setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13))
                .setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setXAxisDecimalPattern("#").setYAxisDecimalPattern("#,##0.#")
                .setYAxisLogarithmic(logarithmic).setErrorBarsColorSeriesColor(true);
        if (!logarithmic) {
            chart.getStyler().setYAxisMin(0.0);
        }
        for (Series line : series) {
            List<Cell> points = line.cells().stream().sorted(Comparator.comparingInt(cell -> cell.key().threads())).toList();
            double[] threads = points.stream().mapToDouble(cell -> cell.key().threads()).toArray();
            double[] opsPerSecond = points.stream().mapToDouble(cell -> cell.opsPerSecond().mean()).toArray();
            double[] spread = points.stream().mapToDouble(cell -> cell.opsPerSecond().standardDeviation()).toArray();
            boolean repeated = points.stream().anyMatch(cell -> cell.opsPerSecond().runs() > 1);
            XYSeries added = repeated ? chart.addSeries(line.label(), threads, opsPerSecond, spread)
                    : chart.addSeries(line.label(), threads, opsPerSecond);
            added.setMarker(SeriesMarkers.CIRCLE);
            added.setLineColor(colors.of(line.label()));
            added.setMarkerColor(colors.of(line.label()));
        }
        return chart;
    }

    private static boolean decadesApart(List<Series> series) {
        java.util.DoubleSummaryStatistics opsPerSecond = series.stream().flatMap(line -> line.cells().stream())
                .mapToDouble(cell -> cell.opsPerSecond().mean()).filter(value -> value > 0).summaryStatistics();
        return opsPerSecond.getCount() > 0 && opsPerSecond.getMax() > LOG_SCALE_FROM_RATIO * opsPerSecond.getMin();
    }
}
