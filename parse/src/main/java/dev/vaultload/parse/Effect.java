package dev.vaultload.parse;

import java.util.Locale;

/**
 * A ratio B/A with its confidence interval and the p-value of "no difference", or why it could not be tested.
 *
 * @param ratio    the point estimate, B/A
 * @param low      lower end of the confidence interval (NaN when untested)
 * @param high     upper end
 * @param pValue   probability of a difference this large when there is none (NaN when untested)
 * @param untested what is missing for a test, null when tested
 */
public record Effect(double ratio, double low, double high, double pValue, String untested) {

    public static Effect tested(double ratio, double low, double high, double pValue) {
        return new Effect(ratio, low, high, pValue, null);
    }

    public static Effect untested(double ratio, String missing) {
        return new Effect(ratio, Double.NaN, Double.NaN, Double.NaN, missing);
    }

    public boolean tested() {
        return untested == null;
    }

    /** The interval leaves out 1: B differs from A. */
    public boolean significant() {
        return tested() && (low > 1 || high < 1);
    }

    /** "0.713 [0.652, 0.780]", or the ratio alone when untested. */
    public String format() {
        String point = String.format(Locale.ROOT, "%.3f", ratio);
        return tested() ? point + String.format(Locale.ROOT, " [%.3f, %.3f]", low, high) : point;
    }

    /**
     * "B faster", "B slower", "within noise" or "untested: ..." for a ratio where above 1 is {@code aboveOneMeans}.
     */
    public String verdict(String aboveOneMeans, String belowOneMeans) {
        if (!tested()) {
            return "untested: " + untested;
        }
        return !significant() ? "within noise" : ratio > 1 ? aboveOneMeans : belowOneMeans;
    }
}
