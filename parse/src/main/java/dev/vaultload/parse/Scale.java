package dev.vaultload.parse;

import java.math.BigDecimal;
import java.util.List;

/** Where a value lies along one axis of an {@link SvgLineChart}, and the ticks that label that axis. */
interface Scale {

    /** A labelled place on the axis. */
    record Tick(double value, String label) {
    }

    /**
     * @return the value's place from the start of the axis (0) to its end (1); NaN when the axis cannot show it (0 or
     * less on a logarithmic axis)
     */
    double fraction(double value);

    /** The ticks, in ascending order of value. */
    List<Tick> ticks();

    /** {@code 0.05}, {@code 20}, {@code 1000}: the shortest plain decimal of a tick value, no exponent. */
    static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** The step of 1, 2 or 5 times a power of ten that cuts {@code span} into about {@code parts} parts. */
    static double niceStep(double span, int parts) {
        double rough = span / parts;
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        double mantissa = rough / power;
        return (mantissa <= 1 ? 1 : mantissa <= 2 ? 2 : mantissa <= 5 ? 5 : 10) * power;
    }
}
