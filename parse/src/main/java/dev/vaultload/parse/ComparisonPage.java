package dev.vaultload.parse;

import dev.vaultload.fixture.OperationType;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * {@code compare}'s page: the comparison's table, each ratio with its confidence interval and the verdicts, then per
 * compared combination (configuration, threads, size) the two sides' charts overlaid, each operation in its color,
 * A solid and B dashed: the latency distribution of the periods {@code compare} kept, and p99 and throughput per
 * period of every run, from its own first period. Self-contained as the report page is ({@link Html}).
 */
public final class ComparisonPage {
    private static final String SIDE_A = "A";
    private static final String SIDE_B = "B";

    private final ResultComparison comparison;
    /** Each run's interval log, read once however many of its operations are drawn. */
    private final Map<Path, Optional<PeriodTimeline>> timelines = new HashMap<>();

    /** @param comparison the comparison that made the report: its interval logs and warm-up are drawn */
    public ComparisonPage(ResultComparison comparison) {
        this.comparison = comparison;
    }

    /** A combination compared: every row of the table that shares it. */
    private record Combination(Configuration configuration, int threads, int fileSizeKib) {
        String label() {
            return (configuration.label() + " " + threads + " threads " + Cell.sizeLabel(fileSizeKib)).strip();
        }
    }

    /**
     * @param inputA what A was read from, as the user named it
     * @param inputB what B was read from
     */
    public Path write(ResultComparison.Report report, String inputA, String inputB, Path file) {
        StringBuilder body = new StringBuilder("<h1>Vaultload comparison</h1><table class=\"configuration\"><tr><th>A</th><td>")
                .append(Html.escape(inputA)).append("</td></tr><tr><th>B</th><td>").append(Html.escape(inputB))
                .append("</td></tr><tr><th>compared dimension</th><td>")
                .append(Html.escape(report.dimension().isEmpty() ? "none (same configuration)" : report.dimension()))
                .append("</td></tr><tr><th>warm-up</th><td>").append(Html.escape(report.warmup()))
                .append("</td></tr></table><p>Ratios are B/A with their ").append(comparison.confidencePercent())
                .append("% confidence intervals: ops/s above 1 means B is faster, p50 and p99 above 1 that B is slower."
                        + " Page made ").append(Instant.now()).append(".</p>");
        if (!report.problems().isEmpty() || !report.warnings().isEmpty()) {
            body.append("<ul class=\"warnings\">");
            report.problems().forEach(problem -> body.append("<li>malformed input: ").append(Html.escape(problem.toString())).append("</li>"));
            report.warnings().forEach(warning -> body.append("<li>").append(Html.escape(warning)).append("</li>"));
            body.append("</ul>");
        }
        Map<Combination, List<ResultComparison.Row>> combinations = combinations(report.rows());
        table(body, combinations);
        combinations.forEach((combination, rows) -> charts(body, combination, rows));
        try {
            Files.writeString(file, Html.page("Vaultload comparison: " + inputA + " and " + inputB, body), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    /** The table, a group of rows per compared combination under a line that names it. */
    private void table(StringBuilder html, Map<Combination, List<ResultComparison.Row>> combinations) {
        html.append("<table class=\"comparison\"><tr><th>operation</th><th>runs A/B</th><th>periods A/B</th>")
                .append("<th>A ops/s</th><th>B ops/s</th><th>ops/s B/A</th><th>throughput</th><th>p50 B/A</th>")
                .append("<th>p99 B/A</th><th>p (p50)</th><th>latency</th></tr>");
        combinations.forEach((combination, rows) -> {
            html.append("<tr class=\"combination\"><th colspan=\"11\">").append(Html.escape(combination.label()))
                    .append("</th></tr>");
            for (ResultComparison.Row row : rows) {
                html.append("<tr data-operation=\"").append(Html.escape(row.key().operation())).append("\"><td>")
                        .append(Html.escape(row.key().operation())).append("</td><td>").append(row.runsA()).append('/')
                        .append(row.runsB()).append("</td><td>").append(row.periodsA()).append('/').append(row.periodsB())
                        .append("</td><td>").append(Html.number(row.opsPerSecondA())).append("</td><td>")
                        .append(Html.number(row.opsPerSecondB())).append("</td><td class=\"throughput-ratio\">")
                        .append(row.throughput().format()).append("</td>");
                verdict(html, "throughput", row.throughputConclusion(), "B faster");
                html.append("<td class=\"p50-ratio\">").append(row.p50().format()).append("</td><td class=\"p99-ratio\">")
                        .append(row.p99().format()).append("</td><td>").append(row.p50().tested()
                                ? String.format(Locale.ROOT, "%.4f", row.p50().pValue()) : "-").append("</td>");
                verdict(html, "latency", row.latencyConclusion(), "B faster");
                html.append("</tr>");
            }
        });
        html.append("</table>");
    }

    /** A verdict cell, green when B is better, red when worse, grey when untested. */
    private static void verdict(StringBuilder html, String name, String verdict, String better) {
        String style = verdict.startsWith("untested") ? "untested" : verdict.equals(better) ? "better"
                : verdict.startsWith("B ") ? "worse" : "";
        html.append("<td class=\"text ").append(name).append(' ').append(style).append("\">").append(Html.escape(verdict))
                .append("</td>");
    }

    private static Map<Combination, List<ResultComparison.Row>> combinations(List<ResultComparison.Row> rows) {
        Map<Combination, List<ResultComparison.Row>> combinations = new LinkedHashMap<>();
        rows.forEach(row -> combinations.computeIfAbsent(new Combination(row.key().configuration(), row.key().threads(),
                row.key().fileSizeKib()), unused -> new ArrayList<>()).add(row));
        return combinations;
    }

    private void charts(StringBuilder html, Combination combination, List<ResultComparison.Row> rows) {
        html.append("<section class=\"combination\"><h2>").append(Html.escape(combination.label())).append("</h2>");
        List<SvgLineChart.Series> distribution = new ArrayList<>();
        long operations = 0;
        for (ResultComparison.Row row : rows) {
            for (String side : List.of(SIDE_A, SIDE_B)) {
                Optional<Histogram> kept = pooled(side.equals(SIDE_A) ? row.measurementsA() : row.measurementsB());
                if (kept.isPresent()) {
                    operations = Math.max(operations, kept.get().getTotalCount());
                    distribution.add(series(row.key().operation(), side, LatencySpectrum.of(kept.get()).line()));
                }
            }
        }
        if (distribution.isEmpty()) {
            html.append("<p>No charts: the results have no interval logs (.hlog), only summaries.</p></section>");
            return;
        }
        Html.figure(html, "distribution", RunCharts.distributionChart("Latency distribution after the warm-up, A solid,"
                + " B dashed", operations, distribution));
        overTime(html, rows);
        html.append("</section>");
    }

    /** p99 and throughput per period of every run of both sides, each from its own first period. */
    private void overTime(StringBuilder html, List<ResultComparison.Row> rows) {
        List<SvgLineChart.Series> p99 = new ArrayList<>();
        List<SvgLineChart.Series> throughput = new ArrayList<>();
        double longestMillis = 0;
        long warmupMillis = 0;
        for (ResultComparison.Row row : rows) {
            for (String side : List.of(SIDE_A, SIDE_B)) {
                for (Measurement measurement : side.equals(SIDE_A) ? row.measurementsA() : row.measurementsB()) {
                    Optional<PeriodTimeline> read = timelines.computeIfAbsent(measurement.run().source(),
                            json -> PeriodTimeline.read(IntervalLog.besideJson(json)));
                    Optional<OperationType> type = OperationNames.type(measurement.operation());
                    if (read.isEmpty() || type.isEmpty() || !read.get().operations().containsKey(type.get())) {
                        continue;
                    }
                    PeriodTimeline timeline = read.get();
                    PeriodTimeline.Latencies periods = timeline.operations().get(type.get());
                    longestMillis = Math.max(longestMillis, timeline.endMillis() - timeline.startMillis());
                    warmupMillis = Math.max(warmupMillis, comparison.warmupMillis(measurement));
                    p99.add(series(measurement.operation(), side, PeriodLines.latencyMillis(periods.periods(),
                            periods.p99Micros(), timeline.periodMillis()).minusX(timeline.startMillis())));
                    throughput.add(series(measurement.operation(), side, PeriodLines.onGrid(timeline.total(),
                            periods.periods(), PeriodLines.PER_SECOND, timeline.periodMillis()).minusX(timeline.startMillis())));
                }
            }
        }
        if (p99.isEmpty()) {
            return;
        }
        TimeScale time = TimeScale.between(0, longestMillis);
        String timeTitle = "time since each run's first period, " + time.unit();
        List<SvgLineChart.Band> bands = warmupMillis > 0
                ? List.of(new SvgLineChart.Band(0, warmupMillis, "warm-up (left out)")) : List.of();
        SvgLineChart latency = RunCharts.latencyChart("p99 latency per period (log scale), A solid, B dashed", time,
                timeTitle, p99);
        SvgLineChart opsPerSecond = new SvgLineChart("Throughput per period, A solid, B dashed", time, timeTitle,
                LinearScale.zeroTo(throughput.stream().mapToDouble(line -> line.line().maxY()).max().orElse(0)), "ops/s");
        throughput.forEach(opsPerSecond::add);
        bands.forEach(band -> {
            latency.shade(band);
            opsPerSecond.shade(band);
        });
        Html.figure(html, "p99", latency);
        Html.figure(html, "throughput", opsPerSecond);
    }

    /** A side's kept latencies of all its runs added; empty when a run has no interval log. */
    private Optional<Histogram> pooled(List<Measurement> runs) {
        Histogram pooled = null;
        for (Measurement run : runs) {
            Optional<Histogram> kept = comparison.keptLatencies(run);
            if (kept.isEmpty()) {
                return Optional.empty();
            }
            if (pooled == null) {
                pooled = kept.get();
            } else {
                pooled.add(kept.get());
            }
        }
        return Optional.ofNullable(pooled);
    }

    private static SvgLineChart.Series series(String operation, String side, ChartLine line) {
        Color color = LineColors.ofOperationNamed(operation).orElse(LineColors.TOTAL);
        return new SvgLineChart.Series(operation + " " + side, color,
                side.equals(SIDE_A) ? SvgLineChart.Dash.SOLID : SvgLineChart.Dash.DASHED, line);
    }
}
