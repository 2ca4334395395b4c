package dev.vaultload.parse;

import java.util.Optional;

/**
 * Why a comparison tested nothing, and what would give it a verdict, in one line: the command line refuses such a
 * comparison (exit 2) rather than print ratios that say nothing.
 */
final class MissingEvidence {
    private static final String MORE_RUNS = "run each side again with the same --report-dir (its runs add up), or point"
            + " A and B at folders holding >= " + ThroughputTest.MIN_RUNS + " runs each; a longer --duration or a shorter"
            + " --period (e.g. 1s) gives more periods";

    private MissingEvidence() {
    }

    /** @param report a comparison that {@linkplain ResultComparison.Report#answers() answers} nothing */
    static String of(ResultComparison.Report report) {
        if (report.rows().isEmpty()) {
            return "no verdict: after the warm-up, no operation was completed on both sides (" + String.join(", ",
                    report.unmeasured()) + "): run longer (--duration, e.g. 2m) or compare with a shorter --warmup";
        }
        // rows without interval logs have no periods; those with logs and none were left out
        Optional<ResultComparison.Row> logged = report.rows().stream().filter(row -> row.periodsA() > 0).findFirst();
        if (logged.isEmpty()) {
            return "no verdict: " + report.rows().getFirst().p50().untested() + "; compare tests what the .hlog beside"
                    + " each JSON result holds: point A and B at the folders the runs wrote (--report-dir)";
        }
        ResultComparison.Row row = logged.get();
        SideNames sides = report.sides();
        String opsPerSecond = row.runsA() < ThroughputTest.MIN_RUNS || row.runsB() < ThroughputTest.MIN_RUNS
                ? "ops/s needs >= " + ThroughputTest.MIN_RUNS + " runs of the same configuration a side ("
                        + counts(sides, row.runsA(), row.runsB()) + ")"
                : "ops/s: " + row.throughput().untested();
        return "no verdict: " + opsPerSecond + "; p50 and p99 need " + LatencyBootstrap.MIN_INTERVALS + "+ periods after"
                + " the warm-up a side (" + counts(sides, row.periodsA(), row.periodsB()) + "): " + MORE_RUNS;
    }

    private static String counts(SideNames sides, int a, int b) {
        return sides.a() + " has " + a + ", " + sides.b() + " has " + b;
    }
}
