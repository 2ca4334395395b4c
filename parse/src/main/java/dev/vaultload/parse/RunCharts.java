package dev.vaultload.parse;

import dev.vaultload.report.MergeSummary;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.HealthSample;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.SoakHealth;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The charts of one run on its report page: over time from its interval log (throughput of each operation and of
 * all, p50 and p99 on a logarithmic axis, so that a one-second CREATE_USER and a 60-microsecond LIST are both read,
 * and failures by class), each operation's latency distribution from its recorded histogram (for RATE also the
 * service time), and memory from the health samples. Every operation and error class has its color from
 * {@link LineColors}. The time charts shade the warm-up that {@code compare} leaves out, a merge's window in which all
 * shards were replaying and a resumed run's gaps (no process ran), and cut the wait for START_AT down to a narrow
 * marked stretch.
 */
final class RunCharts {
    private static final double BYTES_PER_MEBIBYTE = 1024.0 * 1024.0;
    /** A stretch without periods before START_AT shorter than this many periods is not worth cutting. */
    private static final int CUT_FROM_PERIODS = 2;

    private final RunResult result;

    RunCharts(RunResult result) {
        this.result = result;
    }

    /** Throughput, p50, p99 and failures per period. */
    void overTime(StringBuilder html, PeriodTimeline timeline) {
        TimeScale time = timeScale(timeline);
        String timeTitle = "time since the first period, " + time.unit();
        List<SvgLineChart.Band> bands = bands(timeline, time);
        long periodMillis = timeline.periodMillis();

        ChartLine total = PeriodLines.onGrid(timeline.total(), timeline.total(), PeriodLines.PER_SECOND, periodMillis);
        SvgLineChart throughput = new SvgLineChart("Throughput per period", time, timeTitle,
                LinearScale.zeroTo(total.maxY()), "ops/s");
        throughput.add(new SvgLineChart.Series("all operations", LineColors.TOTAL, SvgLineChart.Dash.SOLID, total));
        timeline.operations().forEach((type, periods) -> throughput.add(new SvgLineChart.Series(type.name(),
                LineColors.of(type), SvgLineChart.Dash.SOLID,
                PeriodLines.onGrid(timeline.total(), periods.periods(), PeriodLines.PER_SECOND, periodMillis))));
        html.append("<h3>Over time</h3>");
        Html.figure(html, "throughput", shaded(throughput, bands));
        Html.figure(html, "p50", shaded(latencyChart("p50 latency per period (log scale)", time, timeTitle,
                latencyLines(timeline, PeriodTimeline.Latencies::p50Micros)), bands));
        Html.figure(html, "p99", shaded(latencyChart("p99 latency per period (log scale)", time, timeTitle,
                latencyLines(timeline, PeriodTimeline.Latencies::p99Micros)), bands));
        if (!timeline.errors().isEmpty()) {
            Map<ErrorClass, ChartLine> failures = new EnumMap<>(ErrorClass.class);
            timeline.errors().forEach((errorClass, periods) -> failures.put(errorClass,
                    PeriodLines.onGrid(timeline.total(), periods, PeriodLines.PER_PERIOD, periodMillis)));
            SvgLineChart errors = new SvgLineChart("Failures per period (" + Html.duration(periodMillis) + ")", time,
                    timeTitle, LinearScale.zeroTo(failures.values().stream().mapToDouble(ChartLine::maxY).max().orElse(0)),
                    "failures");
            failures.forEach((errorClass, line) -> errors.add(new SvgLineChart.Series(errorClass.name(),
                    LineColors.of(errorClass), SvgLineChart.Dash.SOLID, line)));
            Html.figure(html, "errors", shaded(errors, bands));
        } else if (result.errorCount() > 0) {
            html.append("<p class=\"errors\">Failures over time: this interval log counts no failures per period"
                    + " (written before the .hlog held them).</p>");
        }
    }

    /** The percentile spectrum of each operation; a RATE run's service times dashed beside it. */
    void distribution(StringBuilder html) {
        List<SvgLineChart.Series> lines = new ArrayList<>();
        boolean rate = result.rate() != null;
        for (OperationStatistics operation : result.operations()) {
            spectrum(operation).ifPresent(line -> lines.add(new SvgLineChart.Series(operation.type().name(),
                    LineColors.of(operation.type()), SvgLineChart.Dash.SOLID, line)));
        }
        if (rate) {
            for (OperationStatistics operation : result.rate().uncorrected()) {
                spectrum(operation).ifPresent(line -> lines.add(new SvgLineChart.Series(operation.type().name()
                        + " service time", LineColors.of(operation.type()), SvgLineChart.Dash.DASHED, line)));
            }
        }
        if (lines.isEmpty()) {
            return;
        }
        long operations = result.operations().stream().mapToLong(OperationStatistics::count).max().orElse(0);
        Html.figure(html, "distribution", distributionChart(rate ? "Latency distribution: from the intended start"
                + " (solid) and service time (dashed)" : "Latency distribution", operations, lines));
    }

    /** Heap and RSS over the run. */
    void memory(StringBuilder html, SoakHealth health) {
        List<HealthSample> samples = health.samples();
        double[] runMillis = samples.stream().mapToDouble(HealthSample::runMillis).toArray();
        ChartLine heap = new ChartLine(runMillis, samples.stream().mapToDouble(s -> s.heapUsedBytes() / BYTES_PER_MEBIBYTE)
                .toArray());
        Optional<ChartLine> rss = samples.stream().allMatch(HealthSample::rssKnown) ? Optional.of(new ChartLine(runMillis,
                samples.stream().mapToDouble(s -> s.rssBytes() / BYTES_PER_MEBIBYTE).toArray())) : Optional.empty();
        TimeScale time = TimeScale.between(0, runMillis[runMillis.length - 1]);
        SvgLineChart memory = new SvgLineChart("Memory", time, "time since the start, " + time.unit(),
                LinearScale.zeroTo(Math.max(heap.maxY(), rss.map(ChartLine::maxY).orElse(0.0))), "MiB");
        memory.add(new SvgLineChart.Series("heap used", LineColors.HEAP, SvgLineChart.Dash.SOLID, heap));
        rss.ifPresent(line -> memory.add(new SvgLineChart.Series("RSS", LineColors.RSS, SvgLineChart.Dash.SOLID, line)));
        Html.figure(html, "memory", memory);
    }

    /** Latency against percentile, both axes logarithmic. */
    static SvgLineChart distributionChart(String title, long operations, List<SvgLineChart.Series> lines) {
        SvgLineChart chart = new SvgLineChart(title, PercentileScale.forCount(operations), "percentile",
                logScaleOver(lines), "ms (log scale)");
        lines.forEach(chart::add);
        return chart;
    }

    /** Latency per period at one percentile, one line per operation, on a logarithmic axis. */
    static SvgLineChart latencyChart(String title, TimeScale time, String timeTitle, List<SvgLineChart.Series> lines) {
        SvgLineChart chart = new SvgLineChart(title, time, timeTitle, logScaleOver(lines), "ms");
        lines.forEach(chart::add);
        return chart;
    }

    /** Whole decades around every value of the lines. */
    private static LogScale logScaleOver(List<SvgLineChart.Series> lines) {
        return LogScale.over(lines.stream().mapToDouble(line -> line.line().minPositiveY()).filter(v -> !Double.isNaN(v))
                .min().orElse(Double.NaN), lines.stream().mapToDouble(line -> line.line().maxY()).max().orElse(0));
    }

    /** The operation's whole histogram as a spectrum; empty when it holds no operation or no encoding. */
    private static Optional<ChartLine> spectrum(OperationStatistics operation) {
        if (operation.count() == 0 || operation.histogramBase64() == null || operation.histogramBase64().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(LatencySpectrum.of(operation.histogram()).line());
    }

    /** Each operation's latency per period at the percentile {@code micros} picks. */
    private static List<SvgLineChart.Series> latencyLines(PeriodTimeline timeline,
                                                          Function<PeriodTimeline.Latencies, long[]> micros) {
        List<SvgLineChart.Series> lines = new ArrayList<>();
        timeline.operations().forEach((type, periods) -> lines.add(new SvgLineChart.Series(type.name(), LineColors.of(type),
                SvgLineChart.Dash.SOLID, PeriodLines.latencyMillis(periods.periods(), micros.apply(periods),
                        timeline.periodMillis()))));
        return lines;
    }

    private static SvgLineChart shaded(SvgLineChart chart, List<SvgLineChart.Band> bands) {
        bands.forEach(chart::shade);
        return chart;
    }

    /** From the first period to the last, the wait for START_AT cut out. */
    private TimeScale timeScale(PeriodTimeline timeline) {
        TimeScale time = TimeScale.between(timeline.startMillis(), timeline.endMillis());
        return startAtMillis().flatMap(startAt -> waitBefore(timeline, startAt)).map(time::cutting).orElse(time);
    }

    private List<SvgLineChart.Band> bands(PeriodTimeline timeline, TimeScale time) {
        List<SvgLineChart.Band> bands = new ArrayList<>();
        long warmupMillis = result.setup().warmupMillis();
        if (warmupMillis > 0) {
            bands.add(new SvgLineChart.Band(timeline.startMillis(), timeline.startMillis() + warmupMillis,
                    "warm-up (left out by compare)"));
        }
        time.cut().ifPresent(wait -> bands.add(new SvgLineChart.Band(wait.fromMillis(), wait.toMillis(),
                "waiting for START_AT: " + Html.duration(Math.round(wait.millis())) + ", cut short", true)));
        result.timing().gaps().forEach(gap -> bands.add(new SvgLineChart.Band(gap.endedAtEpochMillis(),
                gap.resumedAtEpochMillis(), "no process: " + Html.duration(gap.millis()) + " until resumed, left out of"
                + " throughput")));
        Optional.ofNullable(result.merge()).map(MergeSummary::steadyWindow).ifPresent(window -> bands.add(
                new SvgLineChart.Band(window.startEpochMillis(), window.endEpochMillis(), "all shards replaying")));
        return bands;
    }

    /** START_AT of a shard or of a merge's shards, on the epoch clock. */
    private Optional<Long> startAtMillis() {
        return Stream.of(result.shard() == null ? null : result.shard().startAt(),
                        result.merge() == null ? null : result.merge().startAt())
                .filter(Objects::nonNull).findFirst().map(startAt -> Instant.parse(startAt).toEpochMilli());
    }

    /**
     * The wait for START_AT: the longest stretch in which nothing was logged that began before START_AT; empty when
     * there is none of {@link #CUT_FROM_PERIODS} periods or more. Not the stretch that ends at START_AT: a shard's
     * period that holds START_AT began before it, and a merge files it under the merged period where it began,
     * which may end before START_AT.
     */
    private static Optional<TimeScale.Cut> waitBefore(PeriodTimeline timeline, long startAtMillis) {
        PeriodTimeline.Counts total = timeline.total();
        Optional<TimeScale.Cut> longest = Optional.empty();
        for (int index = 1; index < total.size() && total.endMillis()[index - 1] < startAtMillis; index++) {
            TimeScale.Cut gap = new TimeScale.Cut(total.endMillis()[index - 1], total.startMillis()[index]);
            if (gap.millis() > CUT_FROM_PERIODS * timeline.periodMillis()
                    && longest.map(cut -> gap.millis() > cut.millis()).orElse(true)) {
                longest = Optional.of(gap);
            }
        }
        return longest;
    }
}
