package dev.vaultload.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * A linear axis from 0 to a round value a little above the largest value drawn (a line along the frame is not
 * seen), with about five ticks.
 */
final class LinearScale implements Scale {
    private static final int TICK_PARTS = 5;
    private static final double HEADROOM = 1.05;

    private final double max;
    private final double step;

    private LinearScale(double max, double step) {
        this.max = max;
        this.step = step;
    }

    /** @param largest the largest value to draw; 0 or less (nothing to draw) gives an axis from 0 to 1 */
    static LinearScale zeroTo(double largest) {
        double top = largest > 0 ? largest * HEADROOM : 1;
        double step = Scale.niceStep(top, TICK_PARTS);
        return new LinearScale(Math.ceil(top / step - 1e-9) * step, step);
    }

    @Override
    public double fraction(double value) {
        return value / max;
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        for (int index = 0; index * step <= max * (1 + 1e-9); index++) {
            double value = index * step;
            ticks.add(new Tick(value, Scale.plain(round(value))));
        }
        return ticks;
    }

    /** Drops the binary noise of index * step (0.30000000000000004) before the label is made. */
    private double round(double value) {
        int decimals = Math.max(0, (int) -Math.floor(Math.log10(step)));
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
