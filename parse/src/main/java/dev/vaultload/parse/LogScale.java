package dev.vaultload.parse;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A logarithmic axis over whole decades around the values drawn, so that 0.06 ms and 1 s are both readable on one
 * chart: a tick per decade, and at 2 and 5 times each decade when there are few decades.
 */
final class LogScale implements Scale {
    /** Up to this many decades, 2x and 5x ticks are labelled too. */
    private static final int FINE_TICKS_UP_TO_DECADES = 3;

    private final int lowDecade;
    private final int highDecade;

    private LogScale(int lowDecade, int highDecade) {
        this.lowDecade = lowDecade;
        this.highDecade = highDecade;
    }

    /**
     * @param smallest the smallest value above 0 to draw
     * @param largest  the largest value to draw
     */
    static LogScale over(double smallest, double largest) {
        if (!(smallest > 0) || !(largest >= smallest)) {
            return new LogScale(0, 1);
        }
        int low = (int) Math.floor(Math.log10(smallest));
        int high = (int) Math.ceil(Math.log10(largest));
        return new LogScale(low, Math.max(high, low + 1));
    }

    @Override
    public double fraction(double value) {
        return value > 0 ? (Math.log10(value) - lowDecade) / (highDecade - lowDecade) : Double.NaN;
    }

    @Override
    public List<Tick> ticks() {
        boolean fine = highDecade - lowDecade <= FINE_TICKS_UP_TO_DECADES;
        List<Tick> ticks = new ArrayList<>();
        for (int decade = lowDecade; decade <= highDecade; decade++) {
            ticks.add(tick(1, decade));
            if (fine && decade < highDecade) {
                ticks.add(tick(2, decade));
                ticks.add(tick(5, decade));
            }
        }
        return ticks;
    }

    /** {@code mantissa} x 10^{@code decade}, labelled exactly (0.002, not 0.0020000000000000005). */
    private static Tick tick(int mantissa, int decade) {
        BigDecimal value = BigDecimal.valueOf(mantissa).scaleByPowerOfTen(decade);
        return new Tick(value.doubleValue(), value.stripTrailingZeros().toPlainString());
    }
}
