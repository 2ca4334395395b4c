package dev.vaultload.stats;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The one shape of every latency histogram of a run: microseconds, 3 significant digits, bounded at an hour.
 * The bound fixes each histogram's size when it is made (about 30 KiB), so recording never resizes, never
 * allocates and memory stays constant however long the run; a latency above the bound counts as the bound.
 */
public final class LatencyHistograms {
    public static final int SIGNIFICANT_DIGITS = 3;
    public static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.HOURS.toMicros(1);

    private LatencyHistograms() {
    }

    public static Recorder recorder() {
        return new Recorder(HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    }

    public static Histogram histogram() {
        return new Histogram(HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    }

    /** The latency as a bounded histogram can hold it. */
    public static long bounded(long latencyMicros) {
        return Math.min(latencyMicros, HIGHEST_TRACKABLE_MICROS);
    }
}
