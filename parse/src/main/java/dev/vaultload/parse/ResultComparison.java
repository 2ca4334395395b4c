package dev.vaultload.parse;

import dev.vaultload.stats.LatencyHistograms;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * Compares two result sets (A, B) that differ in one dimension (cipher, storage, engine, buckets or suite): per
 * operation, threads and file size, the ratio B/A of wall-clock ops/s across repeated runs ({@link ThroughputTest})
 * and of p50 and p99 latency from the recorded histograms ({@link LatencyBootstrap}), each with its confidence
 * interval. The first WARMUP of every run is left out of all of them; an operation that one side did not complete
 * after it is left out. Anything else that differs between the sets is printed as a warning, because it would make
 * the ratio mean something else.
 */
public final class ResultComparison {
    /** Settings that differ from run to run by nature, or repeat others. */
    static final Set<String> IGNORED_SETTINGS = Set.of("date", "machine", "maxHeapBytes");
    private static final List<Double> PERCENTILES = List.of(50.0, 99.0);
    private static final int BOOTSTRAP_ITERATIONS = 2000;
    private static final long BOOTSTRAP_SEED = 20261123L;

    private final ResultLoader loader = new ResultLoader();
    private final double alpha;
    private final Duration warmup;
    private final ThroughputTest throughputTest;
    private final LatencyBootstrap latencyBootstrap;
    private final Map<Path, Optional<IntervalLog>> intervalLogs = new HashMap<>();

    /**
     * @param alpha  1 - confidence of the intervals, e.g. 0.05
     * @param warmup the start of every run to leave out; null for each run's own WARMUP
     */
    public ResultComparison(double alpha, Duration warmup) {
        this.alpha = alpha;
        this.warmup = warmup;
        this.throughputTest = new ThroughputTest(alpha);
        this.latencyBootstrap = new LatencyBootstrap(BOOTSTRAP_ITERATIONS, alpha, BOOTSTRAP_SEED);
    }

    /**
     * One compared cell.
     *
     * @param periodsA     periods of A's runs kept after the warm-up (0 without interval logs)
     * @param opsPerSecondA mean wall-clock ops/s of A's runs after the warm-up, or Datasafe's figure without logs
     * @param throughput   ops/s B/A
     * @param p50          p50 latency B/A
     * @param p99          p99 latency B/A
     * @param measurementsA A's runs of this cell, one measurement each
     * @param measurementsB B's
     */
    public record Row(Cell.Key key, int runsA, int runsB, int periodsA, int periodsB, double opsPerSecondA,
                      double opsPerSecondB, Effect throughput, Effect p50, Effect p99, List<Measurement> measurementsA,
                      List<Measurement> measurementsB) {

        /** The latency verdict, on p50: "B slower", "B faster", "within noise" or "untested: ...". */
        public String latencyConclusion() {
            return p50.verdict("B slower", "B faster");
        }

        public String throughputConclusion() {
            return throughput.verdict("B faster", "B slower");
        }
    }

    /**
     * The rows, the warnings and the compared dimension ("" if the sets differ in no dimension).
     *
     * @param sides             what A and B are called
     * @param unmeasured        operations left out: on one side or both, none completed after the warm-up
     * @param warmup            what was left out of every run, in words
     * @param confidencePercent the confidence of the intervals: 95 for alpha 0.05
     */
    public record Report(String dimension, SideNames sides, List<String> warnings, List<Row> rows, List<String> unmeasured,
                         List<Problem> problems, String warmup, int confidencePercent) {

        /** Some figure of some row was tested: the comparison says something. */
        public boolean answers() {
            return rows.stream().anyMatch(row -> Arrays.stream(ComparedFigure.values()).anyMatch(f -> f.of(row).tested()));
        }

        /** What the figures leave out beyond the warm-up, and what else differs, a line each. */
        public List<String> caveats() {
            List<String> caveats = new ArrayList<>();
            if (!unmeasured.isEmpty()) {
                caveats.add("Left out, not completed after the warm-up on one side or both: " + String.join(", ", unmeasured));
            }
            problems.forEach(problem -> caveats.add("WARNING: malformed input: " + problem));
            warnings.forEach(warning -> caveats.add("WARNING: " + warning));
            return caveats;
        }
    }

    public Report compare(List<Path> inputsA, List<Path> inputsB, String requestedDimension) {
        return compare(loader.load(inputsA), loader.load(inputsB), requestedDimension);
    }

    /** As {@link #compare(List, List, String)}, on results already loaded (the CLI refuses malformed ones first). */
    public Report compare(LoadedResults a, LoadedResults b, String requestedDimension) {
        List<Problem> problems = new ArrayList<>(a.problems());
        problems.addAll(b.problems());
        String dimension = requestedDimension != null ? requestedDimension : Configuration.DIMENSIONS.stream()
                .filter(d -> !values(a.measurements(), d).equals(values(b.measurements(), d))).findFirst().orElse("");
        List<String> warnings = warnings(a.measurements(), b.measurements(), dimension);
        Map<Cell.Key, List<Measurement>> byKeyA = byKey(a.measurements(), dimension);
        Map<Cell.Key, List<Measurement>> byKeyB = byKey(b.measurements(), dimension);
        List<Row> rows = new ArrayList<>();
        Set<String> unmeasured = new TreeSet<>(Cell.operationOrder());
        for (Cell.Key key : byKeyA.keySet()) {
            if (byKeyB.containsKey(key)) {
                row(key, byKeyA.get(key), byKeyB.get(key)).ifPresentOrElse(rows::add, () -> unmeasured.add(key.operation()));
            } else {
                warnings.add("only in A: " + describe(key));
            }
        }
        byKeyB.keySet().stream().filter(key -> !byKeyA.containsKey(key)).forEach(key -> warnings.add("only in B: " + describe(key)));
        rows.sort(Comparator.comparing((Row row) -> row.key().configuration().label())
                .thenComparing(row -> row.key().operation(), Cell.operationOrder())
                .thenComparingInt(row -> row.key().fileSizeKib()).thenComparingInt(row -> row.key().threads()));
        return new Report(dimension, SideNames.of(a.measurements(), b.measurements()), warnings, rows,
                List.copyOf(unmeasured), problems, describeWarmup(a.measurements(), b.measurements()),
                (int) Math.round(100 * (1 - alpha)));
    }

    /** The table {@code compare --tsv} prints, a tab-separated row per operation, threads and size, for scripts. */
    public static void printTsv(Report report, PrintWriter out) {
        out.println("Compared dimension: " + (report.dimension().isEmpty() ? "none (same configuration)" : report.dimension())
                + "; ratios are B/A with their " + report.confidencePercent() + "% intervals: ops/s above 1 means B is"
                + " faster, p50/p99 above 1 that B is slower");
        out.println("Warm-up: " + report.warmup());
        report.caveats().forEach(out::println);
        out.println(String.join("\t", "operation", "threads", "size", "configuration", "runs A/B", "periods A/B",
                "A ops/s", "B ops/s", "ops/s B/A", "throughput", "p50 B/A", "p99 B/A", "p (p50)", "latency",
                "cost A -> B"));
        for (Row row : report.rows()) {
            Cell.Key key = row.key();
            out.println(String.join("\t", key.operation(), Integer.toString(key.threads()),
                    Cell.sizeLabel(key.fileSizeKib()), key.configuration().label(), row.runsA() + "/" + row.runsB(),
                    row.periodsA() + "/" + row.periodsB(), number(row.opsPerSecondA()), number(row.opsPerSecondB()),
                    row.throughput().format(), row.throughputConclusion(), row.p50().format(), row.p99().format(),
                    row.p50().tested() ? String.format(Locale.ROOT, "%.4f", row.p50().pValue()) : "-",
                    row.latencyConclusion(), ComparisonVerdicts.costs(row).orElse("-")));
        }
    }

    /** The row of a cell both sides have; empty when one side completed none of its operations after the warm-up. */
    private Optional<Row> row(Cell.Key key, List<Measurement> a, List<Measurement> b) {
        List<Optional<IntervalLog.SteadyState>> steadyA = a.stream().map(this::steadyState).toList();
        List<Optional<IntervalLog.SteadyState>> steadyB = b.stream().map(this::steadyState).toList();
        if (steadyA.stream().anyMatch(Optional::isEmpty) || steadyB.stream().anyMatch(Optional::isEmpty)) {
            return Optional.of(withoutIntervalLogs(key, a, b));
        }
        String operation = key.operation();
        double[] opsPerSecondA = steadyA.stream().mapToDouble(s -> s.orElseThrow().opsPerSecond(operation)).toArray();
        double[] opsPerSecondB = steadyB.stream().mapToDouble(s -> s.orElseThrow().opsPerSecond(operation)).toArray();
        List<List<IntervalLatencies>> periodsA = steadyA.stream().map(s -> s.orElseThrow().intervals(operation)).toList();
        List<List<IntervalLatencies>> periodsB = steadyB.stream().map(s -> s.orElseThrow().intervals(operation)).toList();
        if (periods(periodsA) == 0 || periods(periodsB) == 0) {
            return Optional.empty();
        }
        List<Effect> latency = latencyBootstrap.ratios(periodsA, periodsB, PERCENTILES);
        return Optional.of(new Row(key, a.size(), b.size(), periods(periodsA), periods(periodsB), mean(opsPerSecondA),
                mean(opsPerSecondB), throughputTest.ratio(opsPerSecondA, opsPerSecondB), latency.get(0), latency.get(1), a, b));
    }

    /** Datasafe-format logs (or JSON without its .hlog) hold summaries only: ratios, no test. */
    private static Row withoutIntervalLogs(Cell.Key key, List<Measurement> a, List<Measurement> b) {
        Cell cellA = Cell.of(a).get(0);
        Cell cellB = Cell.of(b).get(0);
        String missing = "no interval log (.hlog) beside every result; ops/s is Datasafe's, from latencies";
        return new Row(key, a.size(), b.size(), 0, 0, cellA.opsPerSecond().mean(), cellB.opsPerSecond().mean(),
                Effect.untested(cellB.opsPerSecond().mean() / cellA.opsPerSecond().mean(), missing),
                Effect.untested(percentileRatio(cellA, cellB, "50"), missing),
                Effect.untested(percentileRatio(cellA, cellB, "99"), missing), a, b);
    }

    private Optional<IntervalLog.SteadyState> steadyState(Measurement measurement) {
        Path source = measurement.run().source();
        if (!source.toString().endsWith(".json")) {
            return Optional.empty();
        }
        return intervalLogs.computeIfAbsent(source, json -> IntervalLog.read(IntervalLog.besideJson(json)))
                .map(log -> log.steady(warmupMillis(measurement)));
    }

    /** What is left out of the start of the measurement's run: --warmup, else the run's own WARMUP. */
    long warmupMillis(Measurement measurement) {
        return warmup != null ? warmup.toMillis() : runWarmupMillis(measurement);
    }

    /**
     * The latencies of the measurement's operation in the periods kept after the warm-up, added into one histogram
     * (what the ratios of p50 and p99 compare); empty without an interval log.
     */
    Optional<Histogram> keptLatencies(Measurement measurement) {
        return steadyState(measurement).map(steady -> {
            Histogram kept = LatencyHistograms.histogram();
            for (IntervalLatencies period : steady.intervals(measurement.operation())) {
                for (int bucket = 0; bucket < period.valuesMicros().length; bucket++) {
                    kept.recordValueWithCount(LatencyHistograms.bounded(period.valuesMicros()[bucket]), period.counts()[bucket]);
                }
            }
            return kept;
        });
    }

    private static long runWarmupMillis(Measurement measurement) {
        return Long.parseLong(measurement.run().settings().getOrDefault(JsonResultReader.WARMUP_MILLIS, "0"));
    }

    private String describeWarmup(List<Measurement> a, List<Measurement> b) {
        if (warmup != null) {
            return "the first " + seconds(warmup.toMillis()) + " of every run left out (--warmup); periods that began"
                    + " inside it are dropped from every figure below";
        }
        Set<String> runs = new TreeSet<>();
        a.forEach(m -> runs.add(seconds(runWarmupMillis(m))));
        b.forEach(m -> runs.add(seconds(runWarmupMillis(m))));
        return "the first " + String.join(" / ", runs) + " of every run left out (each run's WARMUP); periods that began"
                + " inside it are dropped from every figure below";
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    private static int periods(List<List<IntervalLatencies>> runs) {
        return runs.stream().mapToInt(List::size).sum();
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    private static double percentileRatio(Cell a, Cell b, String percentile) {
        return b.percentileMillis().get(percentile).mean() / a.percentileMillis().get(percentile).mean();
    }

    /** Cells keyed without the compared dimension, so that A's CBC cell meets B's GCM cell. */
    private static Map<Cell.Key, List<Measurement>> byKey(List<Measurement> measurements, String dimension) {
        return measurements.stream().collect(Collectors.groupingBy(m -> new Cell.Key(
                dimension.isEmpty() ? m.configuration() : m.configuration().without(dimension),
                m.operation(), m.threads(), m.fileSizeKib()), LinkedHashMap::new, Collectors.toList()));
    }

    private static List<String> warnings(List<Measurement> a, List<Measurement> b, String dimension) {
        List<String> warnings = new ArrayList<>();
        for (String other : Configuration.DIMENSIONS) {
            if (!other.equals(dimension) && !values(a, other).equals(values(b, other))) {
                warnings.add(other + " differs too: A " + values(a, other) + ", B " + values(b, other));
            }
        }
        Set<String> settings = new TreeSet<>();
        a.forEach(m -> settings.addAll(m.run().settings().keySet()));
        b.forEach(m -> settings.addAll(m.run().settings().keySet()));
        settings.removeAll(IGNORED_SETTINGS);
        for (String setting : settings) {
            Set<String> valuesA = settingValues(a, setting);
            Set<String> valuesB = settingValues(b, setting);
            if (!valuesA.equals(valuesB)) {
                warnings.add(setting + " differs: A " + valuesA + ", B " + valuesB);
            }
        }
        return warnings;
    }

    private static Set<String> values(Collection<Measurement> measurements, String dimension) {
        return measurements.stream().map(m -> m.configuration().value(dimension)).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> settingValues(Collection<Measurement> measurements, String setting) {
        return measurements.stream().map(m -> String.valueOf(m.run().settings().get(setting)))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static String describe(Cell.Key key) {
        return key.operation() + " " + key.threads() + " threads " + Cell.sizeLabel(key.fileSizeKib()) + " "
                + key.configuration().label();
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
