package dev.vaultload.history;

import dev.vaultload.report.ResultFigure;
import dev.vaultload.report.ResultMetric;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code history check}: the change points of each figure of each configuration ({@link EDivisive}), each printed
 * with the runs and commits either side and the change with its interval; exit 1 when one is a regression (a latency,
 * error, CPU or RSS figure up, a throughput down) whose first run after it started at or after {@code --since}.
 * With {@code --per commit|day} a point of the series is a commit's or a day's runs ({@link Grouping}): the same
 * statistic and test on the points' values, each change point naming the commits or days either side and their runs.
 * A series too short for any change point to be found is named, a line per configuration, and a check that could
 * judge no series at all exits 4: a gate does not pass on what it could not see.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Change points of each figure and configuration (E-divisive means, permutation test); a "
                + "configuration with too few runs for a change point (10, 5 either side) is named.",
                "Exit status: 0 no regression, 1 a regression newer than --since, 2 bad input, 4 no series with enough "
                        + "runs for a verdict."})
final class CheckCommand extends HistoryCommand.Store implements Callable<Integer> {
    /** The exit status of a check that judged nothing: every series too short, or none at all. */
    static final int TOO_FEW_RUNS = 4;
    private static final Set<ResultMetric> CHECKED_PER_OPERATION = Set.of(ResultMetric.P50, ResultMetric.P99,
            ResultMetric.OPS_PER_SECOND);
    private static final Pattern BACK = Pattern.compile("(\\d+)([hd])");

    @Option(names = "--metric", paramLabel = "FIGURE", description = "a figure to check, repeatable; default: every "
            + "operation's p50, p99 and ops/s, and cpu ms/op")
    List<String> metrics;

    @Option(names = "--where", paramLabel = "FIELD=VALUE,...", description = "only runs whose fields have these values")
    String where;

    @Mixin
    HistoryCommand.Per per;

    @Option(names = "--since", paramLabel = "WHEN", description = "only a regression whose first run after the change "
            + "started at or after this fails the check: a date (2026-11-20), an instant, or a time back from now "
            + "(7d, 36h); default: any regression")
    String since;

    @Override
    public Integer call() {
        RunFilter filter = RunFilter.parse(where);
        Instant from = since == null ? Instant.EPOCH : instant(since);
        Grouping grouping = per.grouping();
        CentralValue central = per.central();
        int changePoints = 0;
        int regressions = 0;
        int series = 0;
        Map<Configuration, IntSummaryStatistics> tooShort = new LinkedHashMap<>();
        try (HistoryStore store = open()) {
            List<String> figures = metrics != null ? metrics.stream().map(HistoryCommand::figure).toList()
                    : store.figures(filter).stream().filter(CheckCommand::checkedByDefault).toList();
            for (String figure : figures) {
                boolean higherIsBetter = ResultFigure.parse(figure).metric().kind() == ResultMetric.Kind.RATE;
                for (FigureSeries one : store.series(figure, filter)) {
                    List<Grouping.Group> points = grouping.groups(one, central);
                    if (points.size() < EDivisive.DEFAULT.fewestPoints()) {
                        tooShort.computeIfAbsent(one.configuration(), ignored -> new IntSummaryStatistics()).accept(points.size());
                        continue;
                    }
                    series++;
                    for (EDivisive.ChangePoint point : EDivisive.DEFAULT.changePoints(Grouping.Group.values(points))) {
                        changePoints++;
                        boolean worse = higherIsBetter ? point.changePercent() < 0 : point.changePercent() > 0;
                        StoredRun after = points.get(point.index()).first();
                        boolean counts = worse && !after.startedAt().isBefore(from);
                        regressions += counts ? 1 : 0;
                        print(one, grouping, points, point,
                                worse ? counts ? "REGRESSION" : "regression before --since" : "improvement");
                    }
                }
            }
        }
        tooShort.forEach((configuration, points) -> printTooShort(configuration, grouping, points));
        int unchecked = tooShort.values().stream().mapToInt(points -> (int) points.getCount()).sum();
        out().printf(Locale.ROOT, "%d change points in %d series; %d regressions%s%s%n", changePoints, series, regressions,
                since == null ? "" : " since " + from, unchecked == 0 ? "" : "; " + unchecked + " series with too few "
                        + grouping.noun() + "s for a verdict");
        if (series == 0) {
            out().printf(Locale.ROOT, "no verdict: no series has the %s a change point needs%n",
                    grouping.count(EDivisive.DEFAULT.fewestPoints()));
            return TOO_FEW_RUNS;
        }
        return regressions > 0 ? 1 : 0;
    }

    /**
     * {@code TOO FEW RUNS mode=...: 3 runs (19 figures), a verdict needs 10 (5 either side of a change)}.
     *
     * @param points how many points each of the configuration's short series has
     */
    private void printTooShort(Configuration configuration, Grouping grouping, IntSummaryStatistics points) {
        String counted = points.getMin() == points.getMax() ? grouping.count(points.getMax())
                : points.getMin() + " to " + grouping.count(points.getMax());
        out().printf(Locale.ROOT, "TOO FEW %sS %s%s: %s (%d figure%s), a verdict needs %d (%d either side of a change)%n",
                grouping.noun().toUpperCase(Locale.ROOT), configuration.key(), per.heading(), counted, points.getCount(),
                points.getCount() == 1 ? "" : "s", EDivisive.DEFAULT.fewestPoints(), EDivisive.DEFAULT.minSegment());
    }

    private void print(FigureSeries series, Grouping grouping, List<Grouping.Group> points, EDivisive.ChangePoint point,
                       String verdict) {
        int at = point.index();
        out().printf(Locale.ROOT, "%s %s (%s), %s%s%n", verdict, series.figure(), series.unit(), series.configuration().key(),
                per.heading());
        out().printf(Locale.ROOT, "  between %s and %s%n", grouping.describe(points.get(at - 1), at),
                grouping.describe(points.get(at), at + 1));
        out().printf(Locale.ROOT, "  %+.1f%% [%+.1f%%, %+.1f%%]: mean %.3f over %s -> %.3f over %s, p %.3f%n",
                point.changePercent(), point.lowPercent(), point.highPercent(), point.meanBefore(),
                over(grouping, points.subList(at - point.pointsBefore(), at)), point.meanAfter(),
                over(grouping, points.subList(at, at + point.pointsAfter())), point.pValue());
    }

    /** {@code 25 runs}, or {@code 25 days (75 runs)}. */
    private static String over(Grouping grouping, List<Grouping.Group> points) {
        int runs = points.stream().mapToInt(group -> group.runs().size()).sum();
        return grouping.count(points.size()) + (grouping == Grouping.RUN ? "" : " (" + Grouping.RUN.count(runs) + ")");
    }

    private static boolean checkedByDefault(String figure) {
        ResultFigure parsed = ResultFigure.parse(figure);
        return parsed.metric() == ResultMetric.CPU_MILLIS_PER_OPERATION
                || parsed.operation() != null && CHECKED_PER_OPERATION.contains(parsed.metric());
    }

    /** A date (its start, UTC), an instant, or a time back from now. */
    static Instant instant(String text) {
        Matcher back = BACK.matcher(text);
        if (back.matches()) {
            long amount = Long.parseLong(back.group(1));
            return Instant.now().minus(back.group(2).equals("d") ? Duration.ofDays(amount) : Duration.ofHours(amount));
        }
        try {
            return text.contains("T") ? Instant.parse(text) : LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("Invalid --since '" + text + "': expected a date (2026-11-20), an instant "
                    + "(2026-11-20T06:00:00Z) or a time back from now (7d, 36h)");
        }
    }
}
