package dev.vaultload.parse;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Compares two result sets (A, B) that differ in one dimension (cipher, storage, buckets or suite): per
 * operation, threads and file size the ratio B/A of total ops/s and of p50 and p99, with a
 * {@link SignificanceTest} verdict. Anything else that differs between the sets is printed as a warning,
 * because it would make the ratio mean something else.
 */
public final class ResultComparison {
    /** Settings that differ from run to run by nature, or repeat others. */
    private static final Set<String> IGNORED_SETTINGS = Set.of("date", "machine", "maxHeapBytes");

    private final ResultLoader loader = new ResultLoader();
    private final IntervalThroughputs intervalThroughputs = new IntervalThroughputs();
    private final SignificanceTest significanceTest;

    public ResultComparison(double alpha) {
        this.significanceTest = new SignificanceTest(alpha);
    }

    /** One compared cell: the ratios B/A and the verdict. */
    public record Row(Cell.Key key, int runsA, int runsB, double opsPerSecondA, double opsPerSecondB,
                      double p50Ratio, double p99Ratio, SignificanceTest.Verdict verdict) {
        public double opsPerSecondRatio() {
            return opsPerSecondB / opsPerSecondA;
        }

        /** "B faster", "B slower", "within noise" or why no test ran. */
        public String conclusion() {
            if (!verdict.tested()) {
                return "untested: needs " + SignificanceTest.MIN_RUNS + "+ runs or " + SignificanceTest.MIN_INTERVALS
                        + "+ intervals a side";
            }
            return !verdict.significant() ? "within noise" : opsPerSecondRatio() > 1 ? "B faster" : "B slower";
        }
    }

    /** The rows, the warnings and the compared dimension ("" if the sets differ in no dimension). */
    public record Report(String dimension, List<String> warnings, List<Row> rows, List<Problem> problems) {
    }

    public Report compare(List<Path> inputsA, List<Path> inputsB, String requestedDimension) {
        LoadedResults a = loader.load(inputsA);
        LoadedResults b = loader.load(inputsB);
        List<Problem> problems = new ArrayList<>(a.problems());
        problems.addAll(b.problems());
        String dimension = requestedDimension != null ? requestedDimension : Configuration.DIMENSIONS.stream()
                .filter(d -> !values(a.measurements(), d).equals(values(b.measurements(), d))).findFirst().orElse("");
        List<String> warnings = warnings(a.measurements(), b.measurements(), dimension);
        Map<Cell.Key, List<Measurement>> byKeyA = byKey(a.measurements(), dimension);
        Map<Cell.Key, List<Measurement>> byKeyB = byKey(b.measurements(), dimension);
        List<Row> rows = new ArrayList<>();
        for (Cell.Key key : byKeyA.keySet()) {
            if (byKeyB.containsKey(key)) {
                rows.add(row(key, byKeyA.get(key), byKeyB.get(key)));
            } else {
                warnings.add("only in A: " + describe(key));
            }
        }
        byKeyB.keySet().stream().filter(key -> !byKeyA.containsKey(key)).forEach(key -> warnings.add("only in B: " + describe(key)));
        rows.sort(Comparator.comparing((Row row) -> row.key().configuration().label())
                .thenComparing(row -> row.key().operation(), Cell.operationOrder())
                .thenComparingInt(row -> row.key().fileSizeKib()).thenComparingInt(row -> row.key().threads()));
        return new Report(dimension, warnings, rows, problems);
    }

    public void print(Report report, PrintStream out) {
        out.println("Compared dimension: " + (report.dimension().isEmpty() ? "none (same configuration)" : report.dimension())
                + "; ratios are B/A; p50/p99 ratios < 1 mean B is faster");
        report.problems().forEach(problem -> out.println("WARNING: malformed input: " + problem));
        report.warnings().forEach(warning -> out.println("WARNING: " + warning));
        out.println(String.join("\t", "operation", "threads", "size", "configuration", "A ops/s", "B ops/s",
                "ops/s B/A", "p50 B/A", "p99 B/A", "runs A/B", "test", "p", "verdict"));
        for (Row row : report.rows()) {
            Cell.Key key = row.key();
            out.println(String.join("\t", key.operation(), Integer.toString(key.threads()),
                    Cell.sizeLabel(key.fileSizeKib()), key.configuration().label(),
                    number(row.opsPerSecondA()), number(row.opsPerSecondB()), ratio(row.opsPerSecondRatio()),
                    ratio(row.p50Ratio()), ratio(row.p99Ratio()), row.runsA() + "/" + row.runsB(), row.verdict().method(),
                    row.verdict().tested() ? String.format(Locale.ROOT, "%.4f", row.verdict().pValue()) : "-",
                    row.conclusion()));
        }
    }

    private Row row(Cell.Key key, List<Measurement> a, List<Measurement> b) {
        Cell cellA = Cell.of(a).get(0);
        Cell cellB = Cell.of(b).get(0);
        SignificanceTest.Verdict verdict = significanceTest.test(runOpsPerSecond(a), runOpsPerSecond(b),
                intervalOpsPerSecond(a, key.operation()), intervalOpsPerSecond(b, key.operation()));
        return new Row(key, a.size(), b.size(), cellA.opsPerSecond().mean(), cellB.opsPerSecond().mean(),
                percentileRatio(cellA, cellB, "50"), percentileRatio(cellA, cellB, "99"), verdict);
    }

    private static double percentileRatio(Cell a, Cell b, String percentile) {
        return b.percentileMillis().get(percentile).mean() / a.percentileMillis().get(percentile).mean();
    }

    private static double[] runOpsPerSecond(List<Measurement> runs) {
        return runs.stream().mapToDouble(Measurement::opsPerSecond).toArray();
    }

    private double[] intervalOpsPerSecond(List<Measurement> runs, String operation) {
        Map<Path, Map<String, List<Double>>> logs = new HashMap<>();
        return runs.stream().map(run -> run.run().source()).filter(source -> source.toString().endsWith(".json"))
                .distinct()
                .flatMap(json -> logs.computeIfAbsent(json, source -> intervalThroughputs.read(IntervalThroughputs.besideJson(source)))
                        .getOrDefault(operation, List.of()).stream())
                .mapToDouble(Double::doubleValue).toArray();
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

    private static String ratio(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
