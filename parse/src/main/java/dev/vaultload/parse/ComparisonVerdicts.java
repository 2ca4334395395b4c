package dev.vaultload.parse;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code compare}'s answer on a terminal: the sides named by what differs, then per compared combination a line per
 * operation and figure, in aligned columns: {@code WRITE p50:  AES256_GCM 0.82x of AES256_CBC  [0.67, 0.95]  faster}.
 */
final class ComparisonVerdicts {
    private static final String INDENT = "  ";

    private ComparisonVerdicts() {
    }

    /** The columns of one verdict line that change from line to line. */
    private record Line(String figure, String ratio, String interval, String verdict) {
    }

    static void print(ResultComparison.Report report, PrintWriter out) {
        SideNames sides = report.sides();
        out.println(sides.b() + " against " + sides.a() + (sides.fields().isEmpty() ? " (the same configuration)"
                : " (they differ in " + String.join(", ", sides.fields()) + ")") + ": each ratio is " + sides.b()
                + "'s figure over " + sides.a() + "'s, with its " + report.confidencePercent() + "% confidence interval");
        out.println("Warm-up: " + report.warmup());
        report.caveats().forEach(out::println);
        List<Line> lines = report.rows().stream().flatMap(row -> lines(row).stream()).toList();
        String format = INDENT + "%-" + width(lines, Line::figure) + "s  %s %" + width(lines, Line::ratio) + "s of %s  %-"
                + width(lines, Line::interval) + "s  %s%n";
        ComparedCombination.of(report.rows()).forEach((combination, rows) -> {
            out.println();
            out.println(combination.label() + ": " + runs(rows, sides));
            rows.forEach(row -> lines(row).forEach(line -> out.printf(Locale.ROOT, format, line.figure(), sides.b(),
                    line.ratio(), sides.a(), line.interval(), line.verdict())));
            rows.forEach(row -> costs(row).ifPresent(costs -> out.println(INDENT + row.key().operation() + " cost, "
                    + sides.a() + " -> " + sides.b() + ": " + costs)));
        });
    }

    private static int width(List<Line> lines, Function<Line, String> column) {
        return Math.max(1, lines.stream().mapToInt(line -> column.apply(line).length()).max().orElse(0));
    }

    private static List<Line> lines(ResultComparison.Row row) {
        List<Line> lines = new ArrayList<>();
        for (ComparedFigure figure : ComparedFigure.values()) {
            Effect ratio = figure.of(row);
            lines.add(new Line(row.key().operation() + " " + figure.label() + ":",
                    Double.isFinite(ratio.ratio()) ? String.format(Locale.ROOT, "%.2fx", ratio.ratio()) : "-",
                    ratio.tested() ? String.format(Locale.ROOT, "[%.2f, %.2f]", ratio.low(), ratio.high()) : "",
                    figure.verdict(row)));
        }
        return lines;
    }

    /**
     * {@code KMS calls/op 1.00 -> 0.03, store requests/op 2.00 -> 2.00}: the cost figures either side has, each the
     * mean of its runs (counted, not sampled: no interval); empty when neither has any.
     */
    static Optional<String> costs(ResultComparison.Row row) {
        List<String> figures = new ArrayList<>();
        for (OperationCost.Figure figure : OperationCost.Figure.values()) {
            String sides = figure.sides(row.measurementsA(), row.measurementsB());
            if (sides != null) {
                figures.add(figure.label() + " " + sides);
            }
        }
        return figures.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", figures));
    }

    /** "3 runs of AES256_CBC, 3 of AES256_GCM": the runs each side has of the combination. */
    private static String runs(List<ResultComparison.Row> rows, SideNames sides) {
        long runsA = rows.stream().flatMap(row -> row.measurementsA().stream()).map(m -> m.run().runId()).distinct().count();
        long runsB = rows.stream().flatMap(row -> row.measurementsB().stream()).map(m -> m.run().runId()).distinct().count();
        return runsA + (runsA == 1 ? " run" : " runs") + " of " + sides.a() + ", " + runsB + " of " + sides.b();
    }
}
