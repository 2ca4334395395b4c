package dev.vaultload.history;

import java.util.Locale;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * {@code --central median|mean}: the value of a point of several runs ({@link Grouping}). The median is the default:
 * a run a neighbour disturbed moves the median of three no further than the next run's value, where it moves a mean
 * by a third of its excursion. The mean is the more efficient of the two when no run is disturbed (the median of three
 * runs of normal noise spreads 1.16 times as much); of two runs they are the same, of one both are its value.
 * docs/gates.md gives what each finds at which spread.
 */
public enum CentralValue {
    MEDIAN, MEAN;

    /** @throws IllegalArgumentException one line naming {@code --central} and what it takes */
    public static CentralValue parse(String text) {
        for (CentralValue central : values()) {
            if (central.name().equalsIgnoreCase(text.strip())) {
                return central;
            }
        }
        throw new IllegalArgumentException("Invalid --central '" + text + "': expected median or mean");
    }

    /** commons-math3's median interpolates the middle two of an even count: their mean. */
    public double of(double[] values) {
        return this == MEAN ? StatUtils.mean(values) : new Median().evaluate(values);
    }

    public String spelling() {
        return name().toLowerCase(Locale.ROOT);
    }
}
