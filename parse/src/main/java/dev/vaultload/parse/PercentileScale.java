package dev.vaultload.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * The x axis of a latency distribution, as HdrHistogram's plots draw it: percentiles spread by their nines (0%,
 * 90%, 99%, 99.9%, ... equally apart: log10 of 1 / (1 - p)), so the tail, where the interesting latencies are, gets
 * as much room as the body. 100% is drawn at the end of the axis.
 */
final class PercentileScale implements Scale {
    private static final int MIN_NINES = 2;

    private final int nines;

    private PercentileScale(int nines) {
        this.nines = nines;
    }

    /** As many nines as {@code operations} can tell apart (99.9% needs a thousand), at least two. */
    static PercentileScale forCount(long operations) {
        return new PercentileScale(Math.max(MIN_NINES, (int) Math.ceil(Math.log10(Math.max(1, operations)))));
    }

    /** @param percentile 0 to 100 */
    @Override
    public double fraction(double percentile) {
        if (percentile >= 100) {
            return 1;
        }
        return Math.min(1, Math.log10(100 / (100 - percentile)) / nines);
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        ticks.add(new Tick(0, "0%"));
        for (int nine = 1; nine <= nines; nine++) {
            double percentile = 100 - 100 / Math.pow(10, nine);
            ticks.add(new Tick(percentile, label(nine)));
        }
        return ticks;
    }

    /** 90%, 99%, 99.9%, 99.99%, ... */
    private static String label(int nines) {
        return nines == 1 ? "90%" : "99" + (nines > 2 ? "." + "9".repeat(nines - 2) : "") + "%";
    }
}
