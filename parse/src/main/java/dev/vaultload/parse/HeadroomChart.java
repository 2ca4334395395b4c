package dev.vaultload.parse;

import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.HeadroomStep;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * CredHub's headroom plot: latency against throughput, one point per step in the order they ran, each p50
 * point labelled with its concurrency, and the knee marked. Read it from left to right: while the points move
 * right, more threads buy throughput; where they turn up, they buy only queueing.
 */
public final class HeadroomChart {
    private static final int WIDTH_PIXELS = 860;
    private static final int HEIGHT_PIXELS = 560;
    /** Concurrency labels sit this fraction of the highest latency above their point, clear of its marker. */
    private static final double LABEL_RAISE = 0.04;

    private HeadroomChart() {
    }

    /** @param machine machine and date, shown under the x axis (XChart titles have one line) */
    public static XYChart build(String label, HeadroomSection headroom, String machine) {
        XYChart chart = new XYChartBuilder().width(WIDTH_PIXELS).height(HEIGHT_PIXELS)
                .title("Headroom: " + label)
                .xAxisTitle("throughput, ops/s (all threads)   [" + machine + "]").yAxisTitle("latency, ms").build();
        chart.getStyler()
                .setLegendPosition(Styler.LegendPosition.InsideNW)
                .setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13))
                .setChartBackgroundColor(Color.WHITE)
                .setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11))
                .setAnnotationTextFontColor(Color.DARK_GRAY);
        chart.getStyler().setXAxisDecimalPattern("#,##0.#").setYAxisDecimalPattern("#,##0.##")
                .setXAxisMin(0.0).setYAxisMin(0.0);
        List<HeadroomStep> steps = headroom.steps();
        double[] opsPerSecond = steps.stream().mapToDouble(HeadroomStep::opsPerSecond).toArray();
        addLatency(chart, "p99", steps, opsPerSecond, HeadroomStep::p99Micros);
        addLatency(chart, "p90", steps, opsPerSecond, HeadroomStep::p90Micros);
        addLatency(chart, "p50", steps, opsPerSecond, HeadroomStep::p50Micros);
        double raiseMillis = LABEL_RAISE * steps.stream().mapToLong(HeadroomStep::p99Micros).max().orElse(0) / 1000.0;
        for (HeadroomStep step : steps) {
            chart.addAnnotation(new AnnotationText(step.threads() + "t", step.opsPerSecond(),
                    millis(step.p50Micros()) + raiseMillis, false));
        }
        headroom.kneeStep().ifPresent(knee -> {
            XYSeries marker = chart.addSeries("knee: " + knee.threads() + " threads, "
                            + String.format(Locale.ROOT, "%.0f ops/s", knee.opsPerSecond()),
                    new double[] {knee.opsPerSecond()}, new double[] {millis(knee.p50Micros())});
            marker.setMarker(SeriesMarkers.DIAMOND).setMarkerColor(Color.RED).setLineColor(Color.RED);
        });
        return chart;
    }

    /** Writes the plot as PNG, creating the folder; call with {@code java.awt.headless=true} on machines without a display. */
    public static void write(String label, HeadroomSection headroom, String machine, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        BitmapEncoder.saveBitmap(build(label, headroom, machine), file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static void addLatency(XYChart chart, String name, List<HeadroomStep> steps, double[] opsPerSecond,
                                   ToLongFunction<HeadroomStep> micros) {
        double[] latencyMillis = steps.stream().mapToDouble(step -> millis(micros.applyAsLong(step))).toArray();
        chart.addSeries(name, opsPerSecond, latencyMillis).setMarker(SeriesMarkers.CIRCLE);
    }

    private static double millis(long micros) {
        return micros / 1000.0;
    }
}
