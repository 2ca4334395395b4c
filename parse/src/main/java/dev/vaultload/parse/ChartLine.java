package dev.vaultload.parse;

import java.util.Arrays;

/**
 * The points of one line of a chart, in the values of its scales; a NaN y breaks the line.
 *
 * @param x ascending
 */
record ChartLine(double[] x, double[] y) {

    /** The same line with {@code amount} taken from every x: e.g. time since a run's start instead of the clock. */
    ChartLine minusX(double amount) {
        return new ChartLine(Arrays.stream(x).map(value -> value - amount).toArray(), y);
    }

    /** The largest y; 0 for a line without values. */
    double maxY() {
        return Arrays.stream(y).filter(value -> !Double.isNaN(value)).max().orElse(0);
    }

    /** The smallest y above 0 (what a logarithmic axis can show); NaN when there is none. */
    double minPositiveY() {
        return Arrays.stream(y).filter(value -> value > 0).min().orElse(Double.NaN);
    }
}
