package dev.vaultload.parse;

import dev.vaultload.report.Failure;
import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.HeadroomStep;
import dev.vaultload.report.RateSection;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.HealthSample;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.SoakHealth;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * One page for a results folder, {@code report.html}: per combination its verdict, configuration, operations,
 * errors by class, throughput and p99 over time (from the .hlog), soak health and environment; and the headroom
 * plots of HEADROOM runs in the folder. Self-contained:
 * styles inline, charts inline as SVG, no script, nothing fetched, so it opens anywhere and can be mailed.
 */
public final class HtmlReport {
    public static final String FILE_NAME = "report.html";
    private static final int CHART_WIDTH = 900;
    private static final int CHART_HEIGHT = 320;
    private static final double MICROS_PER_MILLI = 1000.0;
    private static final double MILLIS_PER_SECOND = 1000.0;
    /** Up to this many failures the list is shown open; more stay folded, the groups table above them. */
    private static final int FAILURES_OPEN = 20;
    private static final double BYTES_PER_MEBIBYTE = 1024.0 * 1024.0;
    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:.5em 0}
            td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}th{background:#f3f3f3}
            td:first-child,th:first-child,.configuration td,.health td,.environment td,.errors td{text-align:left}.verdict{padding:.1em .5em;border-radius:.3em;color:#fff}
            .passed{background:#2e7d32}.failed{background:#c62828}section{border-top:2px solid #888;margin-top:2em}
            figure{margin:.5em 0}""";

    /** Writes {@code folder/report.html} from the run results (JSON) in the folder and below it. */
    public Path write(Path folder) {
        List<Path> files = ResultLoader.filesEndingWith(folder, ".json");
        StringBuilder html = new StringBuilder();
        List<String> notShown = new ArrayList<>();
        int runs = 0;
        for (Path file : files) {
            try {
                RunResult result = JsonResultReader.runResult(file);
                runs++;
                section(html, runs, folder.relativize(file), result, IntervalLog.read(IntervalLog.besideJson(file)).orElse(null));
            } catch (IOException e) {
                notShown.add(folder.relativize(file) + ": not a run result");
            }
        }
        int headroomPlots = headroomPlots(html, folder, ResultLoader.filesEndingWith(folder, ".png"));
        if (runs == 0 && headroomPlots == 0) {
            throw new IllegalArgumentException(folder + ": no run results (*.json written by a run) to report on"
                    + (notShown.isEmpty() ? "" : "; " + String.join("; ", notShown)));
        }
        Path report = folder.resolve(FILE_NAME);
        try {
            Files.writeString(report, page(folder, runs, html, notShown), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + report, e);
        }
        return report;
    }

    private static String page(Path folder, int runs, StringBuilder sections, List<String> notShown) {
        StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>Vaultload report: ").append(escape(folder.getFileName().toString())).append("</title><style>")
                .append(STYLE).append("</style></head><body><h1>Vaultload report</h1><p>").append(runs)
                .append(runs == 1 ? " combination" : " combinations").append(" from <code>").append(escape(folder.toString()))
                .append("</code>, page made ").append(Instant.now()).append("</p>");
        if (!notShown.isEmpty()) {
            page.append("<p>Not shown: ").append(escape(String.join("; ", notShown))).append("</p>");
        }
        return page.append(sections).append("</body></html>\n").toString();
    }

    private static void section(StringBuilder html, int index, Path file, RunResult result, IntervalLog log) {
        boolean passed = result.passed();
        html.append("<section class=\"run\" id=\"run-").append(index).append("\"><h2>").append(escape(result.title()))
                .append(" <span class=\"verdict ").append(passed ? "passed\">PASSED" : "failed\">FAILED").append("</span></h2>")
                .append("<p><code>").append(escape(file.toString())).append("</code></p>");
        if (result.health() != null && result.health().failure() != null) {
            html.append("<p>").append(escape(result.health().failure())).append("</p>");
        }
        keyValues(html, "Configuration", "configuration", configuration(result));
        operations(html, "Operations" + (result.rate() != null ? ", latency from the intended start"
                : result.headroom() != null ? " at the knee step" : ""), "operations", result.operations());
        if (result.rate() != null) {
            rate(html, result.rate());
        }
        if (result.headroom() != null) {
            headroom(html, result.headroom());
        }
        errors(html, result);
        if (log != null) {
            timelines(html, log);
        }
        health(html, result.health());
        keyValues(html, "Environment", "environment", fields(result.environment()));
        html.append("</section>");
    }

    private static Map<String, Object> configuration(RunResult result) {
        Map<String, Object> rows = new LinkedHashMap<>();
        rows.put("suite", result.setup().suite());
        rows.put("storage", result.setup().storage() + " (" + result.setup().storageDescription() + ")");
        rows.put("engine", result.engineDescription().engine());
        rows.put("cipher", result.engineDescription().cipher());
        rows.put("key pair", result.engineDescription().keyPairAlgorithm());
        rows.put("KDF iterations", result.engineDescription().kdfIterations());
        rows.put("threads", result.setup().threads());
        rows.put("file size", result.setup().fileSizeKib() + " KiB");
        rows.put("fixture", result.setup().fixture() + (result.setup().fixtureOperations() == 0 ? ""
                : " (" + result.setup().fixtureOperations() + " operations)"));
        rows.put("error mode", result.setup().errorMode());
        rows.put("duration", result.setup().requestedDurationMillis() == 0 ? "one pass" : seconds(result.setup().requestedDurationMillis()));
        rows.put("warm-up (left out by compare)", seconds(result.setup().warmupMillis()));
        rows.put("started", result.timing().startedAt());
        rows.put("wall clock", seconds(result.timing().wallClockMillis()));
        rows.put("passes", result.timing().passes());
        return rows;
    }

    private static void operations(StringBuilder html, String title, String cssClass, List<OperationStatistics> operations) {
        html.append("<h3>").append(escape(title)).append("</h3><table class=\"").append(cssClass)
                .append("\"><tr><th>operation</th><th>count</th><th>ops/s</th>")
                .append("<th>MiB/s</th><th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>max ms</th><th>errors</th></tr>");
        for (OperationStatistics operation : operations) {
            html.append("<tr data-operation=\"").append(operation.type()).append("\"><td>").append(operation.type())
                    .append("</td><td class=\"count\">").append(operation.count()).append("</td><td>")
                    .append(number(operation.opsPerSecond())).append("</td><td>").append(number(operation.mebibytesPerSecond()))
                    .append("</td>");
            for (String percentile : List.of("50", "90", "99", "99.9")) {
                Long micros = operation.percentileMicros().get(percentile);
                html.append("<td class=\"p").append(percentile.replace('.', '_')).append("\">")
                        .append(micros == null ? "-" : millis(micros)).append("</td>");
            }
            long errors = operation.errors().values().stream().mapToLong(Long::longValue).sum();
            html.append("<td>").append(millis(operation.maxMicros())).append("</td><td>").append(errors).append("</td></tr>");
        }
        html.append("</table>");
    }

    /** A RATE run's schedule, and its operations again measured from their actual start. */
    private static void rate(StringBuilder html, RateSection rate) {
        Map<String, Object> rows = new LinkedHashMap<>();
        rows.put("target", number(rate.targetOpsPerSecond()) + " ops/s");
        rows.put("achieved", number(rate.achievedOpsPerSecond()) + " ops/s");
        rows.put("error budget", rate.errorBudget() + (rate.withinErrorBudget() ? " (kept)" : " (exceeded)"));
        keyValues(html, "Rate", "rate", rows);
        operations(html, "Service time, latency from the actual start", "uncorrected", rate.uncorrected());
    }

    /** A HEADROOM run's steps; the plot is the PNG beside the result. */
    private static void headroom(StringBuilder html, HeadroomSection headroom) {
        html.append("<h3>Headroom steps</h3><p>stopped: ").append(headroom.stopReason()).append("</p>")
                .append("<table class=\"headroom\"><tr><th>threads</th><th>operations</th><th>errors</th><th>ops/s</th>")
                .append("<th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>CPU us/op</th><th>knee</th></tr>");
        for (HeadroomStep step : headroom.steps()) {
            html.append("<tr><td>").append(step.threads()).append("</td><td>").append(step.operations()).append("</td><td>")
                    .append(step.errors()).append("</td><td>").append(number(step.opsPerSecond())).append("</td><td>")
                    .append(millis(step.p50Micros())).append("</td><td>").append(millis(step.p90Micros())).append("</td><td>")
                    .append(millis(step.p99Micros())).append("</td><td>").append(number(step.cpuMicrosPerOperation()))
                    .append("</td><td>").append(step.equals(headroom.knee()) ? "knee" : "").append("</td></tr>");
        }
        html.append("</table>");
    }

    private static void errors(StringBuilder html, RunResult result) {
        html.append("<h3>Errors by class</h3>");
        if (result.errorCount() == 0) {
            html.append("<p class=\"errors\">none</p>");
            return;
        }
        Map<String, Object> rows = new LinkedHashMap<>();
        for (ErrorClass errorClass : ErrorClass.values()) {
            rows.put(errorClass.name(), result.errors().getOrDefault(errorClass, 0L));
        }
        table(html, "errors", rows);
        if (result.failureGroups() != null && !result.failureGroups().isEmpty()) {
            html.append("<h3>Failures by class and stored object</h3>");
            table(html, "failure-groups", new LinkedHashMap<>(result.failureGroups()));
        }
        failures(html, result.failures());
    }

    /** Every kept failure, with the object to inspect, when it was seen and its step of the fixture. */
    private static void failures(StringBuilder html, List<Failure> failures) {
        html.append("<details class=\"failures\"").append(failures.size() <= FAILURES_OPEN ? " open" : "")
                .append("><summary>").append(failures.size()).append(" failures kept</summary>")
                .append("<table class=\"failures\"><tr><th>class</th><th>operation</th><th>stored object</th>")
                .append("<th>at</th><th>fixture step</th><th>message</th></tr>");
        for (Failure failure : failures) {
            html.append("<tr><td>").append(failure.errorClass()).append("</td><td>").append(failure.type())
                    .append("</td><td><code>").append(escape(orDash(failure.storeObject()))).append("</code></td><td>")
                    .append(escape(orDash(failure.at()))).append("</td><td>")
                    .append(failure.operationIndex() == null ? "-" : failure.operationIndex()).append("</td><td><code>")
                    .append(escape(failure.message())).append("</code></td></tr>");
        }
        html.append("</table></details>");
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }

    /** Throughput and p99 per period and operation, on seconds since the first period. */
    private static void timelines(StringBuilder html, IntervalLog log) {
        Map<String, List<IntervalLatencies>> drawn = new LinkedHashMap<>(log.byOperation());
        drawn.values().removeIf(periods -> periods.size() < 2);
        if (drawn.isEmpty()) {
            return;
        }
        XYChart throughput = chart("Throughput per period", "ops/s");
        XYChart p99 = chart("p99 latency per period", "ms");
        drawn.forEach((operation, periods) -> {
            double[] seconds = periods.stream().mapToDouble(p -> (p.startMillis() - log.startMillis()) / MILLIS_PER_SECOND).toArray();
            throughput.addSeries(operation, seconds, values(periods, p -> p.totalCount() * MILLIS_PER_SECOND
                    / Math.max(1, p.endMillis() - p.startMillis())));
            p99.addSeries(operation, seconds, values(periods, p -> p.percentileMicros(99) / MICROS_PER_MILLI));
        });
        html.append("<h3>Over time</h3>");
        figure(html, "throughput", throughput);
        figure(html, "latency", p99);
    }

    private static void health(StringBuilder html, SoakHealth health) {
        if (health == null) {
            return;
        }
        Map<String, Object> rows = new LinkedHashMap<>();
        rows.put("heap start / end", mebibytes(health.heapStartBytes()) + " / " + mebibytes(health.heapEndBytes()));
        rows.put("RSS first / last quarter", health.rssGrowthPercent() == null ? "unknown"
                : mebibytes(health.firstQuarterRssBytes()) + " / " + mebibytes(health.lastQuarterRssBytes())
                + String.format(Locale.ROOT, " (%+.1f%%)", health.rssGrowthPercent()));
        rows.put("most live threads", health.maxLiveThreads());
        rows.put("GC", health.gcCount() + " collections, " + health.gcPauseMillis() + " ms paused");
        keyValues(html, "Soak health", "health", rows);
        if (health.samples() != null && health.samples().size() >= 2) {
            XYChart memory = chart("Memory", "MiB");
            double[] seconds = health.samples().stream().mapToDouble(s -> s.runMillis() / MILLIS_PER_SECOND).toArray();
            memory.addSeries("heap used", seconds, health.samples().stream().mapToDouble(s -> s.heapUsedBytes() / BYTES_PER_MEBIBYTE).toArray());
            if (health.samples().stream().allMatch(HealthSample::rssKnown)) {
                memory.addSeries("RSS", seconds, health.samples().stream().mapToDouble(s -> s.rssBytes() / BYTES_PER_MEBIBYTE).toArray());
            }
            figure(html, "memory", memory);
        }
    }

    private static XYChart chart(String title, String yAxis) {
        XYChart chart = new XYChartBuilder().width(CHART_WIDTH).height(CHART_HEIGHT).title(title)
                .xAxisTitle("seconds since the start").yAxisTitle(yAxis).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE).setMarkerSize(3);
        return chart;
    }

    private static void figure(StringBuilder html, String name, XYChart chart) {
        html.append("<figure class=\"chart\" data-chart=\"").append(name).append("\">").append(SvgChart.of(chart)).append("</figure>");
    }

    private static double[] values(List<IntervalLatencies> periods, ToDoubleFunction<IntervalLatencies> value) {
        return periods.stream().mapToDouble(value).toArray();
    }

    private static Map<String, Object> fields(Object record) {
        if (record == null) {
            return Map.of();
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = JsonResultReader.MAPPER.convertValue(record, Map.class);
        return fields;
    }

    private static void keyValues(StringBuilder html, String heading, String cssClass, Map<String, Object> rows) {
        html.append("<h3>").append(heading).append("</h3>");
        table(html, cssClass, rows);
    }

    private static void table(StringBuilder html, String cssClass, Map<String, Object> rows) {
        html.append("<table class=\"").append(cssClass).append("\">");
        rows.forEach((key, value) -> html.append("<tr><th>").append(escape(key)).append("</th><td>")
                .append(escape(String.valueOf(value))).append("</td></tr>"));
        html.append("</table>");
    }

    /**
     * The plots HEADROOM mode drew ({@code headroom-*.png}), inline as data: the page fetches nothing.
     *
     * @return how many
     */
    private static int headroomPlots(StringBuilder html, Path folder, List<Path> images) {
        List<Path> plots = images.stream().filter(file -> file.getFileName().toString().startsWith("headroom-")).toList();
        for (Path plot : plots) {
            try {
                html.append("<section class=\"headroom\"><h2>Headroom: ").append(escape(folder.relativize(plot).toString()))
                        .append("</h2><figure class=\"headroom-plot\"><img alt=\"headroom plot\" src=\"data:image/png;base64,")
                        .append(Base64.getEncoder().encodeToString(Files.readAllBytes(plot))).append("\"></figure></section>");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + plot, e);
            }
        }
        return plots.size();
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / MILLIS_PER_SECOND);
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / MICROS_PER_MILLI);
    }

    private static String mebibytes(double bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / BYTES_PER_MEBIBYTE);
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2f", value);
    }
}
