package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import org.junit.jupiter.api.Test;

/**
 * The live histogram's buckets hold every latency a run can record without moving: the native schema stays the
 * same however wide the latencies spread (a change is a counter reset to Prometheus), and the classic bounds
 * reach below and above every recordable latency, no two more than 2.5 times apart.
 */
class LatencyBucketsTest {

    @Test
    void aValueInEveryNativeBucketOfTheRecordableRangeKeepsTheSchema() {
        Histogram histogram = LatencyBuckets.histogram().name("latency_seconds").build();
        double step = Math.pow(2, Math.pow(2, -LatencyBuckets.NATIVE_SCHEMA));
        histogram.observe(0);
        for (double seconds = 1e-6; seconds < LatencyBuckets.HIGHEST_SECONDS; seconds *= step) {
            histogram.observe(seconds);
        }
        histogram.observe(LatencyBuckets.HIGHEST_SECONDS);

        HistogramSnapshot.HistogramDataPointSnapshot observed = histogram.collect().getDataPoints().getFirst();
        assertEquals(LatencyBuckets.NATIVE_SCHEMA, observed.getNativeSchema());
        int buckets = observed.getNativeBucketsForPositiveValues().size();
        assertTrue(buckets >= LatencyBuckets.NATIVE_MAX_BUCKETS - 1 && buckets <= LatencyBuckets.NATIVE_MAX_BUCKETS,
                () -> buckets + " buckets filled, cap " + LatencyBuckets.NATIVE_MAX_BUCKETS);
        assertEquals(1, observed.getNativeZeroCount());
    }

    @Test
    void classicBoundsCoverTheRecordableRangeAtMostTwoAndAHalfApart() {
        double[] bounds = LatencyBuckets.classicUpperBoundsSeconds();

        assertEquals(1e-6, bounds[0]);
        assertTrue(bounds[bounds.length - 1] >= LatencyBuckets.HIGHEST_SECONDS);
        for (int i = 1; i < bounds.length; i++) {
            double ratio = bounds[i] / bounds[i - 1];
            assertTrue(ratio > 1 && ratio <= 2.5 + 1e-9, bounds[i - 1] + " to " + bounds[i]);
        }
        assertEquals("5.0E-6", Double.toString(bounds[2]), "bounds are the decimal values, as `le` shows them");
    }
}
