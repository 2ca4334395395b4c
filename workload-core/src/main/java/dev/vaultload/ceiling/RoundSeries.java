package dev.vaultload.ceiling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The timed rounds of one work at one buffer size, and whether their best has stopped rising. The best, not a mean:
 * what shares the core only ever slows a round down. Steady is the JIT's work being done: a late compilation shows as
 * a best that still climbs; noise from neighbours does not raise it.
 */
final class RoundSeries {
    /** Rounds compared with those before them. */
    static final int WINDOW = 3;
    /** The rise of the last rounds' best over the earlier best below which the series is steady. */
    static final double STEADY_RISE = 0.03;

    private final List<Double> mibPerSecond = new ArrayList<>();

    void add(double roundMibPerSecond) {
        mibPerSecond.add(roundMibPerSecond);
    }

    int rounds() {
        return mibPerSecond.size();
    }

    /** The fastest round; 0 before any. */
    double bestMibPerSecond() {
        return mibPerSecond.isEmpty() ? 0 : Collections.max(mibPerSecond);
    }

    /** At least two windows of rounds, and the best of the last window less than {@link #STEADY_RISE} above the best before it. */
    boolean steady() {
        int count = mibPerSecond.size();
        if (count < 2 * WINDOW) {
            return false;
        }
        double before = Collections.max(mibPerSecond.subList(0, count - WINDOW));
        double last = Collections.max(mibPerSecond.subList(count - WINDOW, count));
        return last < before * (1 + STEADY_RISE);
    }
}
