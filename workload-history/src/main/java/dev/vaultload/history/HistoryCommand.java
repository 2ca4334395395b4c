package dev.vaultload.history;

import dev.vaultload.parse.JsonResultReader;
import dev.vaultload.parse.ResultLoader;
import dev.vaultload.parse.TrendChart;
import dev.vaultload.report.ResultFigure;
import dev.vaultload.report.RunResult;
import dev.vaultload.settings.SettingsRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code vaultload history add|list|trend|check}: the results history in HISTORY_URL (a SQLite file by default,
 * PostgreSQL for a team). Exit status: 0 done, 1 a regression newer than {@code check --since}, 2 bad input, 4 a
 * {@code check} that found no series with enough runs for a verdict.
 */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"The results history: add result folders, list them, a figure's trend, change points "
                + "(HISTORY_URL, else " + HistorySettings.DEFAULT_FILE + "; HISTORY_USER and HISTORY_PASSWORD from the "
                + "environment or system properties).",
                "Exit status: 0 done, 1 a regression newer than check --since, 2 bad input, 4 check found no series "
                        + "with enough runs for a verdict."},
        subcommands = {HistoryCommand.Add.class, HistoryCommand.ListRuns.class, HistoryCommand.Trend.class,
                CheckCommand.class})
public final class HistoryCommand {

    /** The options every subcommand has. */
    static class Store {
        @Spec
        CommandSpec spec;

        @Option(names = "--url", paramLabel = "URL", description = "the history: a JDBC URL or a SQLite file "
                + "(default: HISTORY_URL, else " + HistorySettings.DEFAULT_FILE + ")")
        String url;

        HistoryStore open() {
            return url != null ? HistoryStore.open(url, HistorySettings.HISTORY_USER.in(SettingsRegistry.system()).orElse(null),
                    HistorySettings.HISTORY_PASSWORD.in(SettingsRegistry.system()).orElse(null))
                    : HistoryStore.open(SettingsRegistry.system(), HistorySettings.DEFAULT_FILE);
        }

        PrintWriter out() {
            return spec.commandLine().getOut();
        }
    }

    /** {@code --per} and {@code --central}: what one point of a series is, for the commands that read series. */
    static final class Per {
        @Option(names = "--per", paramLabel = "run|commit|day", defaultValue = "run", description = "one point of a "
                + "series: each run (default), or the runs of each git commit or UTC day as one (a nightly job that "
                + "runs the suite several times)")
        String per;

        @Option(names = "--central", paramLabel = "median|mean", defaultValue = "median", description = "the value of "
                + "a point of several runs: their median (default; a disturbed run moves it little) or their mean")
        String central;

        Grouping grouping() {
            return Grouping.parse(per);
        }

        CentralValue central() {
            return CentralValue.parse(central);
        }

        /** {@code ""} per run, else {@code , per day (median)}. */
        String heading() {
            return grouping() == Grouping.RUN ? "" : ", per " + grouping().noun() + " (" + central().spelling() + ")";
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Add every run result (JSON) in the folders and files given; one added before is kept once")
    static final class Add extends Store implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "RESULTS", description = "result folders (searched recursively) or JSON files")
        List<Path> inputs;

        @Override
        public Integer call() {
            List<Path> files = new ArrayList<>();
            for (Path input : inputs) {
                if (Files.isDirectory(input)) {
                    files.addAll(ResultLoader.filesEndingWith(input, ".json"));
                } else if (Files.isRegularFile(input)) {
                    files.add(input);
                } else {
                    throw new IllegalArgumentException(input + ": no such file or folder");
                }
            }
            int added = 0;
            int present = 0;
            try (HistoryStore store = open()) {
                for (Path file : files) {
                    RunResult result;
                    try {
                        result = JsonResultReader.runResult(file);
                    } catch (IOException e) {
                        out().println("skipped " + file + ": not a run result");
                        continue;
                    }
                    if (!RunSummary.kept(result)) {
                        out().println("skipped " + file + ": a shard's result (add the merged one)");
                    } else if (store.add(RunSummary.of(result, file.toString(), read(file)))) {
                        added++;
                    } else {
                        present++;
                    }
                }
            }
            out().println("added " + added + " results" + (present > 0 ? ", " + present + " were there already" : ""));
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "The runs in the history, oldest first")
    static final class ListRuns extends Store implements Callable<Integer> {
        @Option(names = "--where", paramLabel = "FIELD=VALUE,...", description = "only runs whose fields have these values, "
                + "e.g. cipher=AES256_GCM,storage=CEPH")
        String where;

        @Override
        public Integer call() {
            RunFilter filter = RunFilter.parse(where);
            try (HistoryStore store = open()) {
                out().println("started               commit      verdict  configuration");
                for (StoredRun run : store.runs(filter)) {
                    out().printf(Locale.ROOT, "%-21s %-11s %-8s %s%n", run.startedToTheSecond(), run.shortCommit(),
                            !run.passed() ? "FAILED" : run.thresholdsBreached() ? "BREACHED" : "PASSED",
                            run.configuration().key());
                }
            }
            return 0;
        }
    }

    @Command(name = "trend", mixinStandardHelpOptions = true,
            description = "A figure over the runs of each configuration: a table, and an SVG or PNG chart with the change "
                    + "points check finds marked")
    static final class Trend extends Store implements Callable<Integer> {
        @Option(names = "--metric", required = true, paramLabel = "FIGURE",
                description = "as thresholds name it: 'READ p99', 'WRITE ops/s', 'errors', 'cpu ms/op'")
        String metric;

        @Option(names = "--where", paramLabel = "FIELD=VALUE,...", description = "only runs whose fields have these values")
        String where;

        @Mixin
        Per per;

        @Option(names = "--chart", paramLabel = "FILE.svg|FILE.png", defaultValue = "history-trend.svg",
                description = "where the chart goes, SVG or PNG by its name (default ${DEFAULT-VALUE})")
        Path chart;

        @Override
        public Integer call() {
            String figure = figure(metric);
            RunFilter filter = RunFilter.parse(where);
            boolean png = chart.getFileName().toString().endsWith(".png");
            if (!png && !chart.getFileName().toString().endsWith(".svg")) {
                throw new IllegalArgumentException("Invalid --chart '" + chart + "': the chart is SVG or PNG, give a name"
                        + " ending in .svg or .png");
            }
            Grouping grouping = per.grouping();
            CentralValue central = per.central();
            try (HistoryStore store = open()) {
                List<FigureSeries> series = store.series(figure, filter);
                if (series.isEmpty()) {
                    throw new IllegalArgumentException("no run in the history has " + figure + (where == null ? "" : " where " + where));
                }
                boolean grouped = grouping != Grouping.RUN;
                SeriesNames names = SeriesNames.of(series.stream().map(FigureSeries::configuration).toList());
                List<TrendChart.Line> lines = new ArrayList<>();
                for (FigureSeries one : series) {
                    List<Grouping.Group> points = grouping.groups(one, central);
                    out().println("== " + figure + " (" + one.unit() + "), " + one.configuration().key() + per.heading());
                    String number = "%" + Math.max(5, grouping.noun().length());
                    out().printf(Locale.ROOT, number + "s  %-21s %-11s %s%n", grouping.noun(), "started", "commit",
                            grouped ? "runs  value" : "value");
                    for (int index = 0; index < points.size(); index++) {
                        Grouping.Group point = points.get(index);
                        String runs = grouped ? String.format(Locale.ROOT, "%4d  ", point.runs().size()) : "";
                        out().printf(Locale.ROOT, number + "d  %-21s %-11s %s%.3f%n", index + 1,
                                point.first().startedToTheSecond(), String.join(",", point.commits()), runs, point.value());
                    }
                    lines.add(TrendLines.of(series.size() == 1 ? figure : names.label(one.configuration()),
                            Grouping.Group.values(points)));
                }
                String title = figure + ", " + names.shared() + per.heading();
                if (png) {
                    writePng(chart, title, series.getFirst().unit(), grouping.noun(), lines);
                } else {
                    write(chart, TrendChart.svg(title, series.getFirst().unit(), grouping.noun(), lines));
                }
                out().println("wrote " + chart);
            }
            return 0;
        }
    }

    /** The canonical spelling of a figure given on the command line. */
    static String figure(String text) {
        try {
            return ResultFigure.parse(text).spelling();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid --metric '" + text + "': " + e.getMessage());
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void writePng(Path file, String title, String unit, String point, List<TrendChart.Line> lines) {
        try {
            TrendChart.png(title, unit, point, lines, file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Path folder = file.toAbsolutePath().getParent();
            Files.createDirectories(folder);
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
