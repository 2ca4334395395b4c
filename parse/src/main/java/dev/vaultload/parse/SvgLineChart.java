package dev.vaultload.parse;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A line chart as an inline SVG element. Drawn here rather than by XChart, whose SVG writes every letter as glyph
 * outlines and every point of every series: here text stays {@code <text>} (small, selectable, found by the
 * browser's search) and each series is one path thinned to at most two points per pixel column
 * ({@link ColumnDownsampler}), so a chart's size is bounded by its width, not by the length of the run.
 * A series is a {@code <g data-series="LABEL">} holding its path and a dot for each point that has no neighbour to
 * join; shaded bands mark stretches of the x axis (a warm-up, a wait), labelled above the plot.
 */
final class SvgLineChart {
    static final int WIDTH = 900;
    static final int HEIGHT = 300;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int BOTTOM = 40;
    private static final int TITLE_ROW = 22;
    private static final int ROW = 15;
    private static final int LEGEND_SAMPLE = 22;
    /** A 12-pixel sans-serif letter is about this wide: enough to lay out legends and labels without overlap. */
    private static final double LETTER_WIDTH = 6.8;
    private static final double DOT_RADIUS = 2.5;

    enum Dash { SOLID, DASHED }

    /**
     * One line and how it is drawn. Series with the same label, color and dash (runs of one side of a comparison)
     * share one legend entry.
     */
    record Series(String label, Color color, Dash dash, ChartLine line) {
    }

    /**
     * A stretch of the x axis to shade, in x values, with what it is; a cut (time left out of the axis) is shaded
     * darker than a stretch that is drawn.
     */
    record Band(double fromX, double toX, String label, boolean cut) {
        Band(double fromX, double toX, String label) {
            this(fromX, toX, label, false);
        }
    }

    private final String title;
    private final Scale xScale;
    private final String xTitle;
    private final Scale yScale;
    private final String yTitle;
    private final List<Series> series = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();

    SvgLineChart(String title, Scale xScale, String xTitle, Scale yScale, String yTitle) {
        this.title = title;
        this.xScale = xScale;
        this.xTitle = xTitle;
        this.yScale = yScale;
        this.yTitle = yTitle;
    }

    SvgLineChart add(Series line) {
        series.add(line);
        return this;
    }

    SvgLineChart shade(Band band) {
        bands.add(band);
        return this;
    }

    String svg() {
        StringBuilder svg = new StringBuilder(16_384);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"line-chart\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                .append(HEIGHT).append("\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" role=\"img\" aria-label=\"").append(Html.escape(title))
                .append("\" font-family=\"system-ui,sans-serif\" font-size=\"12\"><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>")
                .append("<text x=\"").append(WIDTH / 2).append("\" y=\"16\" text-anchor=\"middle\" font-weight=\"bold\">")
                .append(Html.escape(title)).append("</text>");
        int legendBottom = legend(svg, TITLE_ROW);
        Map<Band, Integer> bandRows = bandRows();
        int bandLabelRows = bandRows.values().stream().mapToInt(row -> row + 1).max().orElse(0);
        Plot plot = new Plot(LEFT, WIDTH - RIGHT, legendBottom + bandLabelRows * ROW + 6, HEIGHT - BOTTOM);
        bands(svg, plot, bandRows);
        axes(svg, plot);
        for (Series line : series) {
            line(svg, plot, line);
        }
        return svg.append("</svg>").toString();
    }

    /** The plot area, in pixels. */
    private record Plot(double left, double right, double top, double bottom) {
        double x(double fraction) {
            return left + fraction * (right - left);
        }

        double y(double fraction) {
            return bottom - fraction * (bottom - top);
        }
    }

    /** @return the y below the legend's last row */
    private int legend(StringBuilder svg, int top) {
        Map<String, Series> entries = new LinkedHashMap<>();
        series.forEach(line -> entries.putIfAbsent(line.label() + '\0' + line.color().getRGB() + '\0' + line.dash(), line));
        double x = LEFT;
        int baseline = top + ROW - 3;
        for (Series entry : entries.values()) {
            double width = LEGEND_SAMPLE + 6 + entry.label().length() * LETTER_WIDTH + 14;
            if (x + width > WIDTH - RIGHT && x > LEFT) {
                x = LEFT;
                baseline += ROW;
            }
            svg.append("<line x1=\"").append(number(x)).append("\" x2=\"").append(number(x + LEGEND_SAMPLE)).append("\" y1=\"")
                    .append(baseline - 4).append("\" y2=\"").append(baseline - 4).append('"').append(stroke(entry))
                    .append("/><text x=\"").append(number(x + LEGEND_SAMPLE + 6)).append("\" y=\"").append(baseline)
                    .append("\">").append(Html.escape(entry.label())).append("</text>");
            x += width;
        }
        return entries.isEmpty() ? top : baseline + 4;
    }

    /** Each labelled band's row above the plot: the first row where its label does not run into another's. */
    private Map<Band, Integer> bandRows() {
        Map<Band, Integer> rows = new LinkedHashMap<>();
        List<Double> rowEnds = new ArrayList<>();
        for (Band band : bands) {
            double start = pixelX(band.fromX());
            double end = start + band.label().length() * LETTER_WIDTH + 8;
            int row = 0;
            while (row < rowEnds.size() && rowEnds.get(row) > start) {
                row++;
            }
            if (row == rowEnds.size()) {
                rowEnds.add(end);
            } else {
                rowEnds.set(row, end);
            }
            rows.put(band, row);
        }
        return rows;
    }

    private double pixelX(double value) {
        return LEFT + clamp(xScale.fraction(value)) * (WIDTH - RIGHT - LEFT);
    }

    private void bands(StringBuilder svg, Plot plot, Map<Band, Integer> rows) {
        double labelsTop = plot.top() - 6 - rows.values().stream().mapToInt(row -> row + 1).max().orElse(0) * ROW;
        rows.forEach((band, row) -> {
            double from = plot.x(clamp(xScale.fraction(band.fromX())));
            double to = plot.x(clamp(xScale.fraction(band.toX())));
            svg.append("<g data-band=\"").append(Html.escape(band.label())).append("\"><rect x=\"").append(number(from))
                    .append("\" y=\"").append(number(plot.top())).append("\" width=\"").append(number(Math.max(1, to - from)))
                    .append("\" height=\"").append(number(plot.bottom() - plot.top()))
                    .append("\" fill=\"#000\" fill-opacity=\"").append(band.cut() ? "0.2" : "0.07").append("\"/><text x=\"").append(number(from)).append("\" y=\"")
                    .append(number(labelsTop + (row + 1) * ROW - 3)).append("\" font-size=\"11\" fill=\"#555\">")
                    .append(Html.escape(band.label())).append("</text></g>");
        });
    }

    /** The grid, the frame ({@code rect.frame}: the plot area), the tick labels and the axis titles. */
    private void axes(StringBuilder svg, Plot plot) {
        StringBuilder grid = new StringBuilder();
        StringBuilder labels = new StringBuilder();
        for (Scale.Tick tick : yScale.ticks()) {
            double y = plot.y(yScale.fraction(tick.value()));
            grid.append('M').append(number(plot.left())).append(' ').append(number(y)).append('H').append(number(plot.right()));
            labels.append("<text x=\"").append(number(plot.left() - 6)).append("\" y=\"").append(number(y + 4))
                    .append("\" text-anchor=\"end\">").append(Html.escape(tick.label())).append("</text>");
        }
        double labelEnd = Double.NEGATIVE_INFINITY;
        for (Scale.Tick tick : xScale.ticks()) {
            double x = plot.x(xScale.fraction(tick.value()));
            grid.append('M').append(number(x)).append(' ').append(number(plot.top())).append('V').append(number(plot.bottom()));
            double halfWidth = tick.label().length() * LETTER_WIDTH / 2;
            double labelX = Math.min(x, WIDTH - 2 - halfWidth); // the last label stays on the chart
            if (labelX - halfWidth > labelEnd + 4) {
                labels.append("<text x=\"").append(number(labelX)).append("\" y=\"").append(number(plot.bottom() + 16))
                        .append("\" text-anchor=\"middle\">").append(Html.escape(tick.label())).append("</text>");
                labelEnd = labelX + halfWidth;
            }
        }
        svg.append("<path d=\"").append(grid).append("\" stroke=\"#e4e4e4\" fill=\"none\"/>")
                .append("<rect class=\"frame\" x=\"").append(number(plot.left())).append("\" y=\"").append(number(plot.top()))
                .append("\" width=\"").append(number(plot.right() - plot.left())).append("\" height=\"")
                .append(number(plot.bottom() - plot.top())).append("\" fill=\"none\" stroke=\"#999\"/>")
                .append(labels)
                .append("<text x=\"").append(number((plot.left() + plot.right()) / 2)).append("\" y=\"").append(HEIGHT - 6)
                .append("\" text-anchor=\"middle\">").append(Html.escape(xTitle)).append("</text>")
                .append("<text transform=\"translate(14 ").append(number((plot.top() + plot.bottom()) / 2))
                .append(") rotate(-90)\" text-anchor=\"middle\">").append(Html.escape(yTitle)).append("</text>");
    }

    private void line(StringBuilder svg, Plot plot, Series line) {
        double[] xPixels = new double[line.line().x().length];
        double[] yPixels = new double[xPixels.length];
        for (int index = 0; index < xPixels.length; index++) {
            xPixels[index] = plot.x(clamp(xScale.fraction(line.line().x()[index])));
            double fraction = yScale.fraction(line.line().y()[index]);
            yPixels[index] = Double.isNaN(fraction) ? Double.NaN : plot.y(clamp(fraction));
        }
        StringBuilder path = new StringBuilder();
        StringBuilder dots = new StringBuilder();
        for (ColumnDownsampler.Piece piece : ColumnDownsampler.pieces(xPixels, yPixels)) {
            if (piece.size() == 1) {
                dots.append("<circle cx=\"").append(number(piece.x()[0])).append("\" cy=\"").append(number(piece.y()[0]))
                        .append("\" r=\"").append(DOT_RADIUS).append("\"/>");
                continue;
            }
            path.append('M');
            for (int index = 0; index < piece.size(); index++) {
                path.append(index == 1 ? "L" : index > 1 ? " " : "").append(number(piece.x()[index])).append(' ')
                        .append(number(piece.y()[index]));
            }
        }
        String color = LineColors.hex(line.color());
        svg.append("<g data-series=\"").append(Html.escape(line.label())).append("\" fill=\"").append(color).append("\"><title>")
                .append(Html.escape(line.label())).append("</title>");
        if (!path.isEmpty()) {
            svg.append("<path d=\"").append(path).append("\" fill=\"none\"").append(stroke(line)).append("/>");
        }
        svg.append(dots).append("</g>");
    }

    private static String stroke(Series line) {
        return " stroke=\"" + LineColors.hex(line.color()) + "\" stroke-width=\"1.5\""
                + (line.dash() == Dash.DASHED ? " stroke-dasharray=\"6 4\"" : "");
    }

    private static double clamp(double fraction) {
        return Double.isNaN(fraction) ? fraction : Math.max(0, Math.min(1, fraction));
    }

    /** One decimal is a tenth of a pixel: finer digits only make the page larger. */
    private static String number(double pixels) {
        long tenths = Math.round(pixels * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : String.format(Locale.ROOT, "%.1f", tenths / 10.0);
    }
}
