package dev.vaultload.parse;

import java.util.function.Function;

/** A figure {@code compare} tests on every row, and its verdict in words: for ops/s more is faster, for latency less. */
enum ComparedFigure {
    OPS_PER_SECOND("ops/s", true, ResultComparison.Row::throughput),
    P50("p50", false, ResultComparison.Row::p50),
    P99("p99", false, ResultComparison.Row::p99);

    private final String label;
    private final boolean higherIsFaster;
    private final Function<ResultComparison.Row, Effect> effect;

    ComparedFigure(String label, boolean higherIsFaster, Function<ResultComparison.Row, Effect> effect) {
        this.label = label;
        this.higherIsFaster = higherIsFaster;
        this.effect = effect;
    }

    String label() {
        return label;
    }

    /** Its ratio B/A on the row. */
    Effect of(ResultComparison.Row row) {
        return effect.apply(row);
    }

    /** B against A: "faster", "slower", "no significant difference" or "untested: what is missing". */
    String verdict(ResultComparison.Row row) {
        Effect ratio = of(row);
        return ratio.tested() && !ratio.significant() ? "no significant difference"
                : ratio.verdict(higherIsFaster ? "faster" : "slower", higherIsFaster ? "slower" : "faster");
    }
}
