package dev.vaultload.parse;

import java.util.Collection;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/** Mean and sample standard deviation of repeated runs; the deviation is 0 for a single run. */
public record Spread(double mean, double standardDeviation, int runs) {

    public static Spread of(Collection<Double> values) {
        SummaryStatistics statistics = new SummaryStatistics();
        values.stream().filter(value -> !value.isNaN()).forEach(statistics::addValue);
        return statistics.getN() == 0 ? new Spread(Double.NaN, Double.NaN, 0)
                : new Spread(statistics.getMean(), statistics.getStandardDeviation(), (int) statistics.getN());
    }

    /** "42.40" for one run, "42.40 ±1.25" for several, "-" when there is no value. */
    public String format() {
        if (runs == 0) {
            return "-";
        }
        String mean = String.format(Locale.ROOT, "%.2f", this.mean);
        return runs == 1 ? mean : mean + String.format(Locale.ROOT, " ±%.2f", standardDeviation);
    }
}
