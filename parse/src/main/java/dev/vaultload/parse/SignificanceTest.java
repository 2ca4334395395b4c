package dev.vaultload.parse;

import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Whether two throughputs differ by more than noise. Repeated runs (two or more a side) are compared with
 * Welch's t-test on the per-run ops/s; a single run a side falls back to the Mann-Whitney U test on the
 * per-interval ops/s of the interval logs (at least {@link #MIN_INTERVALS} a side); with less, no verdict.
 */
public final class SignificanceTest {
    public static final int MIN_RUNS = 2;
    public static final int MIN_INTERVALS = 3;

    private final double alpha;

    /** @param alpha the p-value below which a difference counts as real, e.g. 0.05 */
    public SignificanceTest(double alpha) {
        this.alpha = alpha;
    }

    /** @param method which test ran ("Welch t", "Mann-Whitney U" or "none"); pValue NaN when none ran */
    public record Verdict(String method, double pValue, boolean significant) {
        public boolean tested() {
            return !Double.isNaN(pValue);
        }
    }

    public Verdict test(double[] runsA, double[] runsB, double[] intervalsA, double[] intervalsB) {
        if (runsA.length >= MIN_RUNS && runsB.length >= MIN_RUNS) {
            return verdict("Welch t", welchPValue(runsA, runsB));
        }
        if (intervalsA.length >= MIN_INTERVALS && intervalsB.length >= MIN_INTERVALS) {
            return verdict("Mann-Whitney U", new MannWhitneyUTest().mannWhitneyUTest(intervalsA, intervalsB));
        }
        return new Verdict("none", Double.NaN, false);
    }

    private Verdict verdict(String method, double pValue) {
        return new Verdict(method, pValue, pValue < alpha);
    }

    /** Welch's t is undefined when neither side varies: then identical means are equal and others differ. */
    private static double welchPValue(double[] a, double[] b) {
        if (StatUtils.variance(a) == 0 && StatUtils.variance(b) == 0) {
            return StatUtils.mean(a) == StatUtils.mean(b) ? 1.0 : 0.0;
        }
        return new TTest().tTest(a, b);
    }
}
