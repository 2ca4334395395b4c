package dev.vaultload.parse;

import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A figure over the runs of a history, as an inline SVG line chart or a PNG (XChart): the x axis counts the runs, or
 * the days or commits of several runs (1 the oldest); the y axis is the figure's unit from 0, or logarithmic when the
 * values span more than a factor of 10 (on a linear axis from 0 the lower lines would lie flat along its foot); a line
 * per figure or configuration, colored by the operation its label starts with (else from a palette), a p50 solid and
 * every other figure dashed; each change point marked between the runs either side of it, with the lines that changed
 * there and by how much.
 */
public final class TrendChart {
    private static final int WIDTH_PIXELS = 860;
    private static final int HEIGHT_PIXELS = 520;
    /** Values spanning more than this factor are drawn on a logarithmic axis. */
    private static final double LOGARITHMIC_OVER_SPAN = 10;
    /**
     * The changes a marker names when several lines change at one run (a new machine moves them all): the rest are
     * counted, so that its label stays on the chart and the markers' labels do not push the plot down a row each.
     */
    private static final int NAMED_CHANGES = 2;
    /**
     * A bold 12-pixel letter of a heading (a configuration's key: capitals, digits, '=') is up to about this wide: enough
     * to wrap it before it runs off the chart.
     */
    private static final double HEADING_LETTER_WIDTH = 8;
    private static final int HEADING_MARGIN = 16;
    /** The heading's lines as far apart as the chart's legend rows. */
    private static final int HEADING_ROW = 15;

    /** One line: its label, its value in each run, oldest first (NaN where a run has none), and its change points. */
    public record Line(String label, double[] values, List<Change> changes) {
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

    /**
     * A change point of a line, as {@code history check} finds them.
     *
     * @param index   the line's first value after the change, 0 the oldest
     * @param percent the change of the mean from the values before to those after
     */
    public record Change(int index, double percent) {
    }

    private TrendChart() {
    }

    /** A section of report.html: its heading, then the charts. */
    public static String section(String heading, String... charts) {
        return "<section class=\"trend\"><h3>" + Html.escape(heading) + "</h3>" + String.join("", charts) + "</section>";
    }

    /** @param point what one step of the x axis is: {@code run}, or {@code day} or {@code commit} of several runs */
    public static String svg(String title, String unit, String point, List<Line> lines) {
        ValueSpan span = ValueSpan.of(lines);
        SvgLineChart chart = new SvgLineChart("", LinearScale.zeroTo(runs(lines)), axis(point), span.scale(),
                span.axisTitle(unit));
        SeriesColors colors = new SeriesColors();
        Map<Integer, List<String>> changes = new TreeMap<>();
        for (Line line : lines) {
            chart.add(new SvgLineChart.Series(line.label(), line.color(colors),
                    line.solid() ? SvgLineChart.Dash.SOLID : SvgLineChart.Dash.DASHED, new ChartLine(line.runs(), line.values())));
            for (Change change : line.changes()) {
                changes.computeIfAbsent(change.index(), ignored -> new ArrayList<>()).add(String.format(Locale.ROOT,
                        "%s%+.1f%%", lines.size() == 1 ? "" : line.label() + " ", change.percent()));
            }
        }
        // from the last run before it (x = index, the runs counted from 1) to the first after it
        changes.forEach((index, named) -> chart.shade(new SvgLineChart.Band(index, index + 1, marker(named))));
        return headed(title, chart.svg());
    }

    /** {@code READ p50 +19.6%, READ p99 +20.1% and 2 more}. */
    private static String marker(List<String> changes) {
        return changes.size() <= NAMED_CHANGES ? String.join(", ", changes)
                : String.join(", ", changes.subList(0, NAMED_CHANGES)) + " and " + (changes.size() - NAMED_CHANGES) + " more";
    }

    /**
     * The same chart as a PNG, for a page or a message that takes no SVG; a run without a value leaves a gap, a change
     * point is a vertical line.
     */
    public static void png(String title, String unit, String point, List<Line> lines, Path file) throws IOException {
        ValueSpan span = ValueSpan.of(lines);
        XYChart chart = new XYChartBuilder().width(WIDTH_PIXELS).height(HEIGHT_PIXELS).xAxisTitle(axis(point))
                .yAxisTitle(span.axisTitle(unit)).build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE).setLegendPosition(Styler.LegendPosition.OutsideS)
                .setChartTitleVisible(false);
        chart.getStyler().setXAxisMin(0.0).setYAxisLogarithmic(span.logarithmic())
                .setYAxisMin(span.logarithmic() ? null : 0.0).setYAxisDecimalPattern("#,##0.###");
        SeriesColors colors = new SeriesColors();
        for (Line line : lines) {
            XYSeries series = chart.addSeries(line.label(), line.runs(), span.drawable(line.values()));
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setMarkerColor(line.color(colors));
            series.setLineColor(line.color(colors));
            series.setLineStyle(line.solid() ? SeriesLines.SOLID : SeriesLines.DASH_DASH);
            line.changes().forEach(change -> chart.addAnnotation(new AnnotationLine(change.index() + 0.5, true, false)));
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        ImageIO.write(headed(title, chart), "png", file.toFile());
    }

    /** The smallest value above 0 and the largest value of the lines, and the y axis they take. */
    private record ValueSpan(double smallest, double largest) {
        static ValueSpan of(List<Line> lines) {
            double[] finite = lines.stream().flatMapToDouble(line -> Arrays.stream(line.values())).filter(Double::isFinite)
                    .toArray();
            return new ValueSpan(Arrays.stream(finite).filter(value -> value > 0).min().orElse(Double.NaN),
                    Arrays.stream(finite).max().orElse(0));
        }

        boolean logarithmic() {
            return largest > LOGARITHMIC_OVER_SPAN * smallest;
        }

        Scale scale() {
            return logarithmic() ? LogScale.over(smallest, largest) : LinearScale.zeroTo(largest);
        }

        String axisTitle(String unit) {
            return logarithmic() ? unit + " (log scale)" : unit;
        }

        /** The values a logarithmic axis can show: 0 or less left out, as XChart refuses them. */
        double[] drawable(double[] values) {
            return logarithmic() ? Arrays.stream(values).map(value -> value > 0 ? value : Double.NaN).toArray() : values;
        }
    }

    private static int runs(List<Line> lines) {
        return lines.stream().mapToInt(line -> line.values().length).max().orElse(0);
    }

    /**
     * The chart under its title wrapped to the chart's width, as SVG text does not wrap: the chart is drawn with its own
     * title empty and moved down by the heading's extra lines, the heading over it, its last line where the chart's
     * title would be.
     */
    private static String headed(String title, String chart) {
        List<String> heading = wrap(title,
                line -> line.length() * HEADING_LETTER_WIDTH <= SvgLineChart.WIDTH - 2 * HEADING_MARGIN);
        int extra = (heading.size() - 1) * HEADING_ROW;
        int height = SvgLineChart.HEIGHT + extra;
        StringBuilder svg = new StringBuilder(chart.length() + 1024);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"trend-chart\" viewBox=\"0 0 ").append(SvgLineChart.WIDTH)
                .append(' ').append(height).append("\" width=\"").append(SvgLineChart.WIDTH).append("\" height=\"").append(height)
                .append("\" role=\"img\" aria-label=\"").append(Html.escape(title))
                .append("\" font-family=\"system-ui,sans-serif\" font-size=\"12\"><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>")
                .append("<g transform=\"translate(0 ").append(extra).append(")\">").append(chart).append("</g>")
                .append("<text y=\"16\" text-anchor=\"middle\" font-weight=\"bold\">");
        for (int index = 0; index < heading.size(); index++) {
            svg.append("<tspan x=\"").append(SvgLineChart.WIDTH / 2).append(index == 0 ? "" : "\" dy=\"" + HEADING_ROW)
                    .append("\">").append(Html.escape(heading.get(index))).append("</tspan>");
        }
        return svg.append("</text></svg>").toString();
    }

    /**
     * The chart under its title wrapped to the image's width in XChart's title font, as XChart draws a title on one
     * line however long.
     */
    private static BufferedImage headed(String title, XYChart chart) {
        BufferedImage plot = BitmapEncoder.getBufferedImage(chart);
        Graphics2D measure = plot.createGraphics();
        FontMetrics metrics = measure.getFontMetrics(chart.getStyler().getChartTitleFont());
        measure.dispose();
        List<String> heading = wrap(title, line -> metrics.stringWidth(line) <= plot.getWidth() - 2 * HEADING_MARGIN);
        int headingHeight = heading.size() * metrics.getHeight() + chart.getStyler().getChartTitlePadding();
        BufferedImage image = new BufferedImage(plot.getWidth(), plot.getHeight() + headingHeight, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, image.getWidth(), headingHeight);
        graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        graphics.setFont(chart.getStyler().getChartTitleFont());
        graphics.setColor(chart.getStyler().getChartFontColor());
        for (int index = 0; index < heading.size(); index++) {
            graphics.drawString(heading.get(index), (image.getWidth() - metrics.stringWidth(heading.get(index))) / 2,
                    chart.getStyler().getChartTitlePadding() + index * metrics.getHeight() + metrics.getAscent());
        }
        graphics.drawImage(plot, 0, headingHeight, null);
        graphics.dispose();
        return image;
    }

    /**
     * {@code text} in lines that each {@code fit}, broken after a space or a comma (a configuration's key has no spaces)
     * where there is one, else where the line is full.
     */
    static List<String> wrap(String text, Predicate<String> fits) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (!fits.test(text.substring(start))) {
            int full = start + 1; // [start, full) fits, or is the one letter a line must take to go on
            while (full < text.length() && fits.test(text.substring(start, full + 1))) {
                full++;
            }
            int cut = full;
            while (cut > start && !breaksAt(text, cut)) {
                cut--;
            }
            cut = cut == start ? full : cut;
            lines.add(text.substring(start, cut).stripTrailing());
            start = cut;
            while (start < text.length() && text.charAt(start) == ' ') {
                start++;
            }
        }
        lines.add(text.substring(start));
        return lines;
    }

    /** Whether a line may end before {@code text.charAt(at)}: after a space or a comma, before a space, or at the end. */
    private static boolean breaksAt(String text, int at) {
        char before = text.charAt(at - 1);
        return before == ' ' || before == ',' || at == text.length() || text.charAt(at) == ' ';
    }

    private static String axis(String point) {
        return point + " (1 the oldest)";
    }
}
