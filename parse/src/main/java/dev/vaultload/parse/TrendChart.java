package dev.vaultload.parse;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A figure over the runs of a history, as an inline SVG line chart: the x axis counts the runs (1 the oldest), the
 * y axis is the figure's unit from 0; a line per figure or configuration, colored by the operation its label starts
 * with (else from a palette), a p50 solid and every other figure dashed.
 */
public final class TrendChart {

    /** One line: its label and its value in each run, oldest first; NaN where a run has none. */
    public record Line(String label, double[] values) {
    }

    private TrendChart() {
    }

    /** A section of report.html: its heading, then the charts. */
    public static String section(String heading, String... charts) {
        return "<section class=\"trend\"><h3>" + Html.escape(heading) + "</h3>" + String.join("", charts) + "</section>";
    }

    public static String svg(String title, String unit, List<Line> lines) {
        int runs = lines.stream().mapToInt(line -> line.values().length).max().orElse(0);
        double largest = lines.stream().flatMapToDouble(line -> Arrays.stream(line.values()))
                .filter(Double::isFinite).max().orElse(0);
        SvgLineChart chart = new SvgLineChart(title, LinearScale.zeroTo(runs), "run (1 the oldest)",
                LinearScale.zeroTo(largest), unit);
        SeriesColors colors = new SeriesColors();
        for (Line line : lines) {
            double[] x = IntStream.rangeClosed(1, line.values().length).asDoubleStream().toArray();
            chart.add(new SvgLineChart.Series(line.label(), colors.of(line.label().split(" ")[0]),
                    line.label().endsWith("p50") ? SvgLineChart.Dash.SOLID : SvgLineChart.Dash.DASHED,
                    new ChartLine(x, line.values())));
        }
        return chart.svg();
    }
}
