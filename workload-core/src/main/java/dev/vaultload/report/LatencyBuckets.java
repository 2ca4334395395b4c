package dev.vaultload.report;

import dev.vaultload.stats.LatencyHistograms;
import io.prometheus.metrics.core.metrics.Histogram;
import java.util.ArrayList;
import java.util.List;

/**
 * The buckets of the live latency histogram ({@code vaultload_latency_seconds}), chosen so that every latency a run
 * can record (what {@link LatencyHistograms} holds: 0 and 1 µs to an hour) has a bucket that stays put for the
 * whole run.
 *
 * <p>Native: one schema from the first observation to the last. The client lowers a native histogram's schema when
 * it holds more buckets than its cap, and Prometheus takes a schema change for a counter reset: {@code rate()} and
 * {@code increase()} across one count everything before it again. So the cap is the number of buckets the whole
 * recordable range can fill at {@link #NATIVE_SCHEMA}, which no run can exceed. Schema 3 (bucket bounds
 * 2<sup>1/8</sup> apart) places a quantile within 9% of its value; a run fills only the buckets its latencies reach.
 *
 * <p>Classic: 1-2-5 per decade, from 1 µs to the first bound above an hour, so no latency falls below the first
 * bound or past the last; a classic quantile lies in the 1-2-5 bucket of its value, at most 2.5 times off.
 */
final class LatencyBuckets {
    /** Native bucket bounds are 2^(2^-schema) apart. */
    static final int NATIVE_SCHEMA = 3;

    private static final double MICROS_PER_SECOND = 1_000_000.0;
    private static final double LOWEST_NONZERO_SECONDS = 1 / MICROS_PER_SECOND;
    /** The highest latency observed: one at the bound is observed as the middle of its HdrHistogram bucket. */
    static final double HIGHEST_SECONDS = LatencyHistograms.histogram()
            .medianEquivalentValue(LatencyHistograms.HIGHEST_TRACKABLE_MICROS) / MICROS_PER_SECOND;

    /**
     * The native buckets between the lowest and the highest observable latency at {@link #NATIVE_SCHEMA}: a range of
     * r octaves spans at most ceil(r * 2^schema) + 1 of them. 0 goes to the zero bucket, which is not counted.
     */
    static final int NATIVE_MAX_BUCKETS =
            (int) Math.ceil(log2(HIGHEST_SECONDS / LOWEST_NONZERO_SECONDS) * (1 << NATIVE_SCHEMA)) + 1;

    private static final int[] CLASSIC_MANTISSAS = {1, 2, 5};

    private LatencyBuckets() {
    }

    /** A histogram builder with these buckets; the caller names it. */
    static Histogram.Builder histogram() {
        return Histogram.builder()
                .nativeInitialSchema(NATIVE_SCHEMA)
                .nativeMaxNumberOfBuckets(NATIVE_MAX_BUCKETS)
                .classicUpperBounds(classicUpperBoundsSeconds());
    }

    /** 1, 2, 5 times every power of ten from 1 µs up to the first that is at least {@link #HIGHEST_SECONDS}. */
    static double[] classicUpperBoundsSeconds() {
        List<Double> bounds = new ArrayList<>();
        for (int exponent = -6; ; exponent++) {
            for (int mantissa : CLASSIC_MANTISSAS) {
                // parsed from the decimal text, so that the `le` labels read 5.0E-6, not 4.999999999999999E-6
                bounds.add(Double.parseDouble(mantissa + "e" + exponent));
                if (bounds.getLast() >= HIGHEST_SECONDS) {
                    return bounds.stream().mapToDouble(Double::doubleValue).toArray();
                }
            }
        }
    }

    private static double log2(double value) {
        return Math.log(value) / Math.log(2);
    }
}
