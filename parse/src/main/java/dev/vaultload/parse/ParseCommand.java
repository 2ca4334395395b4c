package dev.vaultload.parse;

import dev.vaultload.settings.SettingType;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vaultload-parse table|detail|charts|compare}: tables, charts and comparisons from logs and JSON results. */
@Command(name = "vaultload-parse", mixinStandardHelpOptions = true,
        description = "Tables, PNG charts and comparisons from Vaultload's JSON results or Datasafe-format logs.",
        subcommands = {ParseCommand.Table.class, ParseCommand.Detail.class, ParseCommand.Charts.class,
                ParseCommand.Compare.class, ParseCommand.Report.class})
public final class ParseCommand {
    /** What an input must hold, as a refused input's line says. */
    static final String ACCEPTED = "expected JSON results written by a run, or logs with Datasafe's '==== Statistics for' "
            + "blocks, or folders of them";

    public static void main(String[] args) {
        // Charts are drawn off screen: no display on build machines.
        System.setProperty("java.awt.headless", "true");
        System.exit(commandLine().execute(args));
    }

    /** The commands; bad input is one line on stderr and exit status 2, as vaultload says it: the usage would bury it. */
    static CommandLine commandLine() {
        CommandLine command = new CommandLine(new ParseCommand());
        command.setParameterExceptionHandler((exception, args) -> {
            exception.getCommandLine().getErr().println("vaultload-parse: " + exception.getMessage());
            return CommandLine.ExitCode.USAGE;
        });
        return command;
    }

    @Command(name = "table", description = "parse_script.groovy: per operation, a Threads x file-size table of total ops/s. "
            + "Exit status 2 if an input is malformed (the first problem named with its line number) or holds no results.")
    static final class Table implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "INPUT", description = "log files, JSON files or result folders")
        List<Path> inputs;

        @Override
        public Integer call() {
            new ParseScripts().run(ParseScripts.THROUGHPUT_TABLE, loadOrRefuse(spec.commandLine(), inputs), System.out);
            return 0;
        }
    }

    @Command(name = "detail", description = "parse_script_table.groovy: per operation and size, threads, ops/s, MiB/s, "
            + "p50..p99 in ms; repeated runs as mean ±sd. Exit status 2 if an input is malformed or holds no results.")
    static final class Detail implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "INPUT", description = "log files, JSON files or result folders")
        List<Path> inputs;

        @Override
        public Integer call() {
            new ParseScripts().run(ParseScripts.DETAIL_TABLE, loadOrRefuse(spec.commandLine(), inputs), System.out);
            return 0;
        }
    }

    @Command(name = "charts", description = "Write.png, Read.png, Share.png, List.png, Delete.png, Singlebucket.png, "
            + "Multibucket.png, CBCvsGCM.png, ceph.png and Engines.png, each where the inputs hold the data for it.")
    static final class Charts implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--out", required = true, description = "folder for the PNG files")
        Path folder;

        @Parameters(arity = "1..*", paramLabel = "INPUT", description = "log files, JSON files or result folders")
        List<Path> inputs;

        @Override
        public Integer call() throws IOException {
            ChartSet.Outcome outcome = new ChartSet().render(loadOrRefuse(spec.commandLine(), inputs).measurements(), folder);
            outcome.written().forEach(file -> System.out.println("wrote " + file));
            outcome.skipped().forEach(reason -> System.out.println("skipped " + reason));
            return 0;
        }
    }

    @Command(name = "compare", description = {
            "Whether B is faster or slower than A: per operation, threads and file size both sides ran, a verdict on"
                    + " wall-clock ops/s (Welch's t on log ops/s across runs), p50 and p99 latency (a bootstrap over the"
                    + " recorded histograms' periods and runs), each B/A with its confidence interval. The first WARMUP"
                    + " of every run is left out; an operation one side did not complete after it is left out.",
            "Needs on each side the JSON results and the .hlog beside each (the folder a run wrote), of the same"
                    + " operations, threads and file sizes as the other side: ops/s needs >= 2 runs of the same"
                    + " configuration a side (run it again with the same --report-dir), p50 and p99 need 10+ periods"
                    + " after the warm-up a side (a longer --duration or a shorter --period). Anything else that differs"
                    + " is a WARNING.",
            "A and B are named by what differs (AES256_GCM against AES256_CBC). Exit status 2, with what is missing,"
                    + " when no figure can be tested."})
    static final class Compare implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "A", description = "results of the baseline: a folder of runs, JSON files or a log")
        Path a;

        @Parameters(index = "1", paramLabel = "B", description = "results of the variant")
        Path b;

        @Option(names = "--dimension", description = "what A and B are meant to differ in: ${COMPLETION-CANDIDATES}; "
                + "default: the first that differs", completionCandidates = Dimensions.class)
        String dimension;

        @Option(names = "--alpha", defaultValue = "0.05", description = "significance level (default ${DEFAULT-VALUE})")
        double alpha;

        @Option(names = "--warmup", converter = DurationConverter.class, description = "leave out the first DURATION of "
                + "every run (e.g. 5s, 500ms); default: each run's WARMUP")
        Duration warmup;

        @Option(names = "--html", paramLabel = "PAGE", description = "also write the comparison as a self-contained page: "
                + "the table with intervals and verdicts, and a panel per operation with both sides' charts")
        Path page;

        @Option(names = "--tsv", description = "print a tab-separated table (a row per operation, threads and size, "
                + "ratios B/A) instead of the verdict lines, for scripts")
        boolean tsv;

        @Override
        public Integer call() {
            if (dimension != null && !Configuration.DIMENSIONS.contains(dimension)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--dimension " + dimension + ": must be one of " + Configuration.DIMENSIONS);
            }
            if (!(alpha > 0 && alpha < 1)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--alpha " + alpha + ": must be between 0 and 1");
            }
            LoadedResults loadedA = loadOrRefuse(spec.commandLine(), List.of(a));
            LoadedResults loadedB = loadOrRefuse(spec.commandLine(), List.of(b));
            ResultComparison comparison = new ResultComparison(alpha, warmup);
            ResultComparison.Report report = comparison.compare(loadedA, loadedB, dimension);
            if (report.rows().isEmpty() && report.unmeasured().isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "nothing to compare: " + a + " and " + b
                        + " hold no results of the same operation, threads and size (JSON results or Datasafe-format logs)");
            }
            if (!report.answers()) {
                throw new CommandLine.ParameterException(spec.commandLine(), MissingEvidence.of(report));
            }
            PrintWriter out = spec.commandLine().getOut();
            if (tsv) {
                ResultComparison.printTsv(report, out);
            } else {
                ComparisonVerdicts.print(report, out);
            }
            if (page != null) {
                out.println("wrote " + new ComparisonPage(comparison).write(report, a.toString(), b.toString(), page));
            }
            out.flush();
            return 0;
        }
    }

    @Command(name = "report", description = {"report.html in RESULTS_DIR: one self-contained page (charts inline as "
            + "SVG, nothing fetched) with every run's verdict, configuration, operations, errors, throughput and latency "
            + "over time, soak health and environment.", "A run that died without writing its results (killed) is "
            + "recovered first from its journal and .hlog, as vaultload recover does: exit status 6 when the page shows"
            + " such an incomplete run, 2 on bad input."})
    static final class Report implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "a folder of JSON results (searched recursively)")
        Path folder;

        @Override
        public Integer call() {
            if (!Files.isDirectory(folder)) {
                throw new CommandLine.ParameterException(spec.commandLine(), folder + ": not a folder");
            }
            try {
                RunRecovery.Outcome recovery = new RunRecovery().recover(folder);
                recovery.recovered().forEach(recovered -> System.out.println(RunRecovery.Outcome.line(recovered)));
                System.out.println("wrote " + new HtmlReport().write(folder));
                return recovery.recovered().isEmpty() ? 0 : RunRecovery.INCOMPLETE_EXIT_STATUS;
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
        }
    }

    /**
     * The results of the inputs, or bad input (exit 2) in one line: a missing input, the first malformed one
     * (a table of the rest would look complete), or inputs that hold no result at all.
     */
    private static LoadedResults loadOrRefuse(CommandLine command, List<Path> inputs) {
        for (Path input : inputs) {
            if (!Files.exists(input)) {
                throw new CommandLine.ParameterException(command, input + ": no such file or folder; " + ACCEPTED);
            }
        }
        LoadedResults loaded = new ResultLoader().load(inputs);
        List<Problem> problems = loaded.problems();
        if (!problems.isEmpty()) {
            String more = problems.size() == 1 ? "" : " (and " + (problems.size() - 1) + " more problems)";
            throw new CommandLine.ParameterException(command, problems.getFirst() + more + "; " + ACCEPTED);
        }
        if (loaded.measurements().isEmpty()) {
            String named = inputs.stream().map(Path::toString).collect(Collectors.joining(", "));
            throw new CommandLine.ParameterException(command, named + ": no results; " + ACCEPTED);
        }
        return loaded;
    }

    /** The duration syntax of the run's settings (WARMUP, PERIOD), so that --warmup reads as WARMUP does. */
    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        private static final SettingType<Duration> TYPE = SettingType.durationOrZero();

        @Override
        public Duration convert(String text) {
            try {
                return TYPE.parse().apply(text);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("'" + text + "': must be " + TYPE.accepted());
            }
        }
    }

    static final class Dimensions implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Configuration.DIMENSIONS.iterator();
        }
    }
}
