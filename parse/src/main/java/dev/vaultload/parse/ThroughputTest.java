package dev.vaultload.parse;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The ratio B/A of wall-clock throughput across repeated runs: Welch's t on the logarithms of the runs' ops/s,
 * so that the interval of the difference of means becomes an interval of the ratio. One run a side has no
 * run-to-run spread to judge by, and is left untested.
 */
public final class ThroughputTest {
    public static final int MIN_RUNS = 2;

    private final double alpha;

    public ThroughputTest(double alpha) {
        this.alpha = alpha;
    }

    /**
     * @param opsPerSecondA each run's ops/s on side A
     * @return the ratio of the means when untested, of the geometric means (the centre of the interval) when tested
     */
    public Effect ratio(double[] opsPerSecondA, double[] opsPerSecondB) {
        double ratio = StatUtils.mean(opsPerSecondB) / StatUtils.mean(opsPerSecondA);
        if (opsPerSecondA.length < MIN_RUNS || opsPerSecondB.length < MIN_RUNS) {
            return Effect.untested(ratio, "needs >= " + MIN_RUNS + " runs of the same configuration a side (A " + opsPerSecondA.length
                    + ", B " + opsPerSecondB.length + ")");
        }
        if (!allPositive(opsPerSecondA) || !allPositive(opsPerSecondB)) {
            return Effect.untested(ratio, "a run without this operation after the warm-up");
        }
        double[] logA = logs(opsPerSecondA);
        double[] logB = logs(opsPerSecondB);
        double difference = StatUtils.mean(logB) - StatUtils.mean(logA);
        double varianceA = StatUtils.variance(logA) / logA.length;
        double varianceB = StatUtils.variance(logB) / logB.length;
        double standardError = Math.sqrt(varianceA + varianceB);
        if (standardError == 0) {
            double exact = Math.exp(difference);
            return Effect.tested(exact, exact, exact, difference == 0 ? 1.0 : 0.0);
        }
        // Welch-Satterthwaite degrees of freedom
        double degreesOfFreedom = Math.pow(varianceA + varianceB, 2)
                / (varianceA * varianceA / (logA.length - 1) + varianceB * varianceB / (logB.length - 1));
        TDistribution t = new TDistribution(degreesOfFreedom);
        double halfWidth = t.inverseCumulativeProbability(1 - alpha / 2) * standardError;
        double pValue = 2 * (1 - t.cumulativeProbability(Math.abs(difference) / standardError));
        return Effect.tested(Math.exp(difference), Math.exp(difference - halfWidth), Math.exp(difference + halfWidth), pValue);
    }

    private static boolean allPositive(double[] values) {
        return java.util.Arrays.stream(values).allMatch(value -> value > 0 && Double.isFinite(value));
    }

    private static double[] logs(double[] values) {
        double[] logs = new double[values.length];
        for (int index = 0; index < values.length; index++) {
            logs[index] = Math.log(values[index]);
        }
        return logs;
    }
}
