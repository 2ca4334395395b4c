package dev.vaultload.report;

import java.util.Locale;

/**
 * One threshold judged on one result: what it says, what was measured, and whether it held.
 *
 * @param threshold  as written
 * @param operation  the operation judged; null for all of them
 * @param metric     as thresholds spell it: {@code p99}, {@code ops/s}, {@code errors}
 * @param errorClass the error class counted; null for every class, or a metric other than errors
 * @param comparison {@code <}, {@code <=}, {@code >}, {@code >=}
 * @param limit      in {@code unit}
 * @param unit       {@code ms}, {@code ops/s}, {@code MiB/s}, {@code %}, {@code ms/op}
 * @param measured   in {@code unit}; null when nothing was measured
 * @param verdict    PASSED, FAILED, or NO_DATA (nothing to measure, which breaks the threshold too)
 * @param stoppedRunAfterMillis for an {@code abortOnFail} threshold that stopped the run: when, from its start, with
 *                   {@code measured} the figures until then; null otherwise
 */
public record ThresholdVerdict(String threshold, String operation, String metric, String errorClass, String comparison,
                               double limit, String unit, Double measured, Verdict verdict, Long stoppedRunAfterMillis) {

    public enum Verdict { PASSED, FAILED, NO_DATA }

    public boolean breached() {
        return verdict != Verdict.PASSED;
    }

    /** This verdict as the one that stopped the run {@code runMillis} after its start. */
    public ThresholdVerdict stoppedAfter(long runMillis) {
        return new ThresholdVerdict(threshold, operation, metric, errorClass, comparison, limit, unit, measured, verdict,
                runMillis);
    }

    /** {@code FAILED   READ p99 < 50ms: measured 63.200 ms}, for a console. */
    public String line() {
        return String.format(Locale.ROOT, "%-8s %s: %s", verdict, threshold,
                measured == null ? "nothing measured" : String.format(Locale.ROOT, "measured %.3f %s", measured, unit))
                + (stoppedRunAfterMillis == null ? "" : String.format(Locale.ROOT, " (stopped the run after %.1f s)",
                stoppedRunAfterMillis / 1000.0));
    }
}
