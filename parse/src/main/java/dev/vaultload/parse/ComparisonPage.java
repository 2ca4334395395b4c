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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * {@code compare}'s page: the comparison's table, each ratio with its confidence interval and the verdicts, then per
 * compared combination (configuration, threads, size) a panel per operation with its charts, A and B each in its
 * color ({@link LineColors#SIDE_A}, {@link LineColors#SIDE_B}): the latency distribution of the periods
 * {@code compare} kept, and p99 and throughput per period of every run, from its own first period. One operation a
 * panel, because every operation of both sides on one chart was a tangle nobody could read. Self-contained as the
 * report page is ({@link Html}).
 */
public final class ComparisonPage {
    private final ResultComparison comparison;
    /** Each run's interval log, read once however many of its operations are drawn. */
    private final Map<Path, Optional<PeriodTimeline>> timelines = new HashMap<>();

    /** @param comparison the comparison that made the report: its interval logs and warm-up are drawn */
    public ComparisonPage(ResultComparison comparison) {
        this.comparison = comparison;
    }

    /** One side of a row: its name, its color and its runs of the row's operation. */
    private record Side(String name, Color color, List<Measurement> runs) {
        static List<Side> of(ResultComparison.Row row, SideNames names) {
            return List.of(new Side(names.a(), LineColors.SIDE_A, row.measurementsA()),
                    new Side(names.b(), LineColors.SIDE_B, row.measurementsB()));
        }

        SvgLineChart.Series series(ChartLine line) {
            return new SvgLineChart.Series(name, color, SvgLineChart.Dash.SOLID, line);
        }
    }

    /**
     * @param inputA what A was read from, as the user named it
     * @param inputB what B was read from
     */
    public Path write(ResultComparison.Report report, String inputA, String inputB, Path file) {
        SideNames names = report.sides();
        StringBuilder body = new StringBuilder("<h1>Vaultload comparison: ").append(Html.escape(names.b()))
                .append(" against ").append(Html.escape(names.a())).append("</h1><table class=\"configuration\">")
                .append("<tr><th>A: ").append(Html.escape(names.a())).append("</th><td>").append(Html.escape(inputA))
                .append("</td></tr><tr><th>B: ").append(Html.escape(names.b())).append("</th><td>").append(Html.escape(inputB))
                .append("</td></tr><tr><th>compared dimension</th><td>")
                .append(Html.escape(report.dimension().isEmpty() ? "none (same configuration)" : report.dimension()))
                .append("</td></tr><tr><th>warm-up</th><td>").append(Html.escape(report.warmup()))
                .append("</td></tr></table><p>Ratios are ").append(Html.escape(names.b())).append('/')
                .append(Html.escape(names.a())).append(" with their ").append(report.confidencePercent())
                .append("% confidence intervals: ops/s above 1 means ").append(Html.escape(names.b()))
                .append(" is faster, p50 and p99 above 1 that it is slower. Page made ").append(Instant.now()).append(".</p>");
        if (!report.caveats().isEmpty()) {
            body.append("<ul class=\"warnings\">");
            report.caveats().forEach(caveat -> body.append("<li>").append(Html.escape(caveat)).append("</li>"));
            body.append("</ul>");
        }
        Map<ComparedCombination, List<ResultComparison.Row>> combinations = ComparedCombination.of(report.rows());
        table(body, combinations, names);
        combinations.forEach((combination, rows) -> charts(body, combination, rows, names));
        try {
            Files.writeString(file, Html.page("Vaultload comparison: " + inputA + " and " + inputB, body), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    /** The table, a group of rows per compared combination under a line that names it. */
    private static void table(StringBuilder html, Map<ComparedCombination, List<ResultComparison.Row>> combinations,
                              SideNames names) {
        html.append("<table class=\"comparison\"><tr><th>operation</th><th>runs A/B</th><th>periods A/B</th><th>")
                .append(Html.escape(names.a())).append(" ops/s</th><th>").append(Html.escape(names.b()))
                .append(" ops/s</th><th title=\"operations of this type per second after the warm-up\">ops/s B/A,"
                        + " after warm-up</th><th>throughput</th><th>p50 B/A</th>")
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
                verdict(html, "throughput", ComparedFigure.OPS_PER_SECOND.verdict(row), names);
                html.append("<td class=\"p50-ratio\">").append(row.p50().format()).append("</td><td class=\"p99-ratio\">")
                        .append(row.p99().format()).append("</td><td>").append(row.p50().tested()
                                ? String.format(Locale.ROOT, "%.4f", row.p50().pValue()) : "-").append("</td>");
                verdict(html, "latency", ComparedFigure.P50.verdict(row), names);
                html.append("</tr>");
            }
        });
        html.append("</table>");
    }

    /** A verdict cell naming B: green when B is faster, red when slower, grey when untested. */
    private static void verdict(StringBuilder html, String name, String verdict, SideNames names) {
        boolean decided = verdict.equals("faster") || verdict.equals("slower");
        String style = verdict.startsWith("untested") ? "untested" : verdict.equals("faster") ? "better"
                : verdict.equals("slower") ? "worse" : "";
        html.append("<td class=\"text ").append(name).append(' ').append(style).append("\">")
                .append(Html.escape(decided ? names.b() + " " + verdict : verdict)).append("</td>");
    }

    private void charts(StringBuilder html, ComparedCombination combination, List<ResultComparison.Row> rows,
                        SideNames names) {
        html.append("<section class=\"combination\"><h2>").append(Html.escape(combination.label())).append("</h2>");
        boolean drawn = false;
        for (ResultComparison.Row row : rows) {
            drawn |= panel(html, row, names);
        }
        if (!drawn) {
            html.append("<p>No charts: the results have no interval logs (.hlog), only summaries.</p>");
        }
        html.append("</section>");
    }

    /**
     * The operation's panel: both sides' latency distributions, then p99 and throughput per period of each run.
     *
     * @return false, drawing nothing, when a side has no interval log
     */
    private boolean panel(StringBuilder html, ResultComparison.Row row, SideNames names) {
        String operation = row.key().operation();
        List<SvgLineChart.Series> distribution = new ArrayList<>();
        long operations = 0;
        for (Side side : Side.of(row, names)) {
            Optional<Histogram> kept = pooled(side.runs());
            if (kept.isEmpty()) {
                return false;
            }
            operations = Math.max(operations, kept.get().getTotalCount());
            distribution.add(side.series(LatencySpectrum.of(kept.get()).line()));
        }
        html.append("<section class=\"operation\" data-operation=\"").append(Html.escape(operation)).append("\"><h3>")
                .append(Html.escape(operation)).append("</h3>");
        Html.figure(html, "distribution", RunCharts.distributionChart(operation + ": latency distribution after the"
                + " warm-up, each side's runs added", operations, distribution));
        overTime(html, row, names);
        html.append("</section>");
        return true;
    }

    /** p99 and throughput per period of every run of both sides, each from its own first period. */
    private void overTime(StringBuilder html, ResultComparison.Row row, SideNames names) {
        String operation = row.key().operation();
        List<SvgLineChart.Series> p99 = new ArrayList<>();
        List<SvgLineChart.Series> throughput = new ArrayList<>();
        double longestMillis = 0;
        long warmupMillis = 0;
        for (Side side : Side.of(row, names)) {
            for (Measurement measurement : side.runs()) {
                Optional<PeriodTimeline> read = timelines.computeIfAbsent(measurement.run().source(),
                        json -> PeriodTimeline.read(IntervalLog.besideJson(json)));
                Optional<OperationType> type = OperationNames.type(operation);
                if (read.isEmpty() || type.isEmpty() || !read.get().operations().containsKey(type.get())) {
                    continue;
                }
                PeriodTimeline timeline = read.get();
                PeriodTimeline.Latencies periods = timeline.operations().get(type.get());
                longestMillis = Math.max(longestMillis, timeline.endMillis() - timeline.startMillis());
                warmupMillis = Math.max(warmupMillis, comparison.warmupMillis(measurement));
                p99.add(side.series(PeriodLines.latencyMillis(periods.periods(), periods.p99Micros(),
                        timeline.periodMillis()).minusX(timeline.startMillis())));
                throughput.add(side.series(PeriodLines.onGrid(timeline.total(), periods.periods(), PeriodLines.PER_SECOND,
                        timeline.periodMillis()).minusX(timeline.startMillis())));
            }
        }
        if (p99.isEmpty()) {
            return;
        }
        TimeScale time = TimeScale.between(0, longestMillis);
        String timeTitle = "time since each run's first period, " + time.unit();
        List<SvgLineChart.Band> bands = warmupMillis > 0
                ? List.of(new SvgLineChart.Band(0, warmupMillis, "warm-up (left out)")) : List.of();
        SvgLineChart latency = RunCharts.latencyChart(operation + ": p99 latency per period (log scale), a line per run",
                time, timeTitle, p99);
        SvgLineChart opsPerSecond = new SvgLineChart(operation + ": throughput per period, a line per run", time, timeTitle,
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
}
