package dev.vaultload.kms;

import dev.vaultload.stats.OperationStatistics;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The closing table of a pressure command: per case and concurrency, ops/s and latency percentiles in ms. */
final class PercentileTable {
    private static final List<Double> SHOWN = List.of(50.0, 90.0, 99.0, 99.9);
    private static final String ROW = "%-18s %7s %10s %10s" + " %9s".repeat(SHOWN.size()) + " %9s %7s%n";

    private PercentileTable() {
    }

    static void print(List<CaseResult> cases, PrintWriter out) {
        List<Object> header = new ArrayList<>(List.of("case", "threads", "requests", "ops/s"));
        SHOWN.forEach(percentile -> header.add("p" + OperationStatistics.label(percentile) + " ms"));
        header.addAll(List.of("max ms", "errors"));
        out.printf(Locale.ROOT, ROW, header.toArray());
        for (CaseResult result : cases) {
            OperationStatistics statistics = result.statistics();
            List<Object> row = new ArrayList<>(List.of(result.kmsCase(), result.threads(), result.requests(),
                    String.format(Locale.ROOT, "%.1f", statistics.opsPerSecond())));
            SHOWN.forEach(percentile -> row.add(millis(statistics.percentileMicros().get(OperationStatistics.label(percentile)))));
            row.addAll(List.of(millis(statistics.maxMicros()), statistics.errorCount()));
            out.printf(Locale.ROOT, ROW, row.toArray());
        }
        out.flush();
    }

    private static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
