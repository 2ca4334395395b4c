package dev.vaultload.parse;

import dev.vaultload.settings.SettingType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
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

    public static void main(String[] args) {
        // Charts are drawn off screen: no display on build machines.
        System.setProperty("java.awt.headless", "true");
        System.exit(new CommandLine(new ParseCommand()).execute(args));
    }

    @Command(name = "table", description = "parse_script.groovy: per operation, a Threads x file-size table of total ops/s. "
            + "Exit status 1 if an input line is malformed (reported with its line number).")
    static final class Table implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "INPUT", description = "log files, JSON files or result folders")
        List<String> inputs;

        @Override
        public Integer call() {
            requireExisting(spec.commandLine(), inputs);
            return new ParseScripts().run(ParseScripts.THROUGHPUT_TABLE, inputs, System.out, System.err);
        }
    }

    @Command(name = "detail", description = "parse_script_table.groovy: per operation and size, threads, ops/s, MiB/s, "
            + "p50..p99 in ms; repeated runs as mean ±sd. Exit status 1 if an input line is malformed.")
    static final class Detail implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "INPUT", description = "log files, JSON files or result folders")
        List<String> inputs;

        @Override
        public Integer call() {
            requireExisting(spec.commandLine(), inputs);
            return new ParseScripts().run(ParseScripts.DETAIL_TABLE, inputs, System.out, System.err);
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
            requireExisting(spec.commandLine(), inputs);
            LoadedResults loaded = new ResultLoader().load(inputs);
            loaded.problems().forEach(problem -> System.err.println("malformed input: " + problem));
            ChartSet.Outcome outcome = new ChartSet().render(loaded.measurements(), folder);
            outcome.written().forEach(file -> System.out.println("wrote " + file));
            outcome.skipped().forEach(reason -> System.out.println("skipped " + reason));
            return loaded.problems().isEmpty() ? 0 : 1;
        }
    }

    @Command(name = "compare", description = "B/A ratios per operation, threads and size, each with its confidence "
            + "interval: wall-clock ops/s across repeated runs (Welch's t on log ops/s), p50 and p99 latency from the "
            + "recorded histograms (a bootstrap over periods and runs). The first WARMUP of every run is left out.")
    static final class Compare implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "A", description = "results (folder, JSON or log) of the baseline")
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

        @Override
        public Integer call() {
            if (dimension != null && !Configuration.DIMENSIONS.contains(dimension)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--dimension " + dimension + ": must be one of " + Configuration.DIMENSIONS);
            }
            if (!(alpha > 0 && alpha < 1)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--alpha " + alpha + ": must be between 0 and 1");
            }
            requireExisting(spec.commandLine(), List.of(a, b));
            ResultComparison comparison = new ResultComparison(alpha, warmup);
            ResultComparison.Report report = comparison.compare(List.of(a), List.of(b), dimension);
            if (report.rows().isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "nothing to compare: " + a + " and " + b
                        + " hold no results of the same operation, threads and size (JSON results or Datasafe-format logs)");
            }
            comparison.print(report, System.out);
            return report.problems().isEmpty() ? 0 : 1;
        }
    }

    @Command(name = "report", description = "report.html in RESULTS_DIR: one self-contained page (charts inline as "
            + "SVG, nothing fetched) with every run's verdict, configuration, operations, errors, throughput and latency "
            + "over time, soak health and environment.")
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
                System.out.println("wrote " + new HtmlReport().write(folder));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            return 0;
        }
    }

    /** A missing input is bad input (exit 2), named before anything is read. */
    private static void requireExisting(CommandLine command, List<?> inputs) {
        for (Object input : inputs) {
            if (!Files.exists(Path.of(input.toString()))) {
                throw new CommandLine.ParameterException(command, input + ": no such file or folder");
            }
        }
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
