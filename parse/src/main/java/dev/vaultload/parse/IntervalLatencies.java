package dev.vaultload.parse;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The latencies of one operation in one period of a run, kept as the non-empty buckets of the recorded histogram
 * (each bucket's median value and its count, ascending): a recorded histogram spans an hour in 3 significant
 * digits and weighs hundreds of KiB, its non-empty buckets a few hundred bytes, so an hour of 1-second periods
 * fits in memory.
 *
 * @param startMillis  when the period began, on the log's clock
 * @param endMillis    when it ended
 * @param valuesMicros the bucket values, ascending
 * @param counts       operations per bucket
 */
public record IntervalLatencies(long startMillis, long endMillis, long[] valuesMicros, long[] counts) {

    public static IntervalLatencies of(AbstractHistogram histogram) {
        int buckets = 0;
        for (HistogramIterationValue ignored : histogram.recordedValues()) {
            buckets++;
        }
        long[] values = new long[buckets];
        long[] counts = new long[buckets];
        int index = 0;
        // The iteration hands out one mutable value object: copy its fields, never keep it.
        for (HistogramIterationValue bucket : histogram.recordedValues()) {
            values[index] = histogram.medianEquivalentValue(bucket.getValueIteratedTo());
            counts[index++] = bucket.getCountAtValueIteratedTo();
        }
        return new IntervalLatencies(histogram.getStartTimeStamp(), histogram.getEndTimeStamp(), values, counts);
    }

    /** The latency at {@code percentile} (0-100) by {@link #percentileIndex}; 0 when empty. */
    public long percentileMicros(double percentile) {
        int index = percentileIndex(counts, percentile);
        return index < 0 ? 0 : valuesMicros[index];
    }

    public long totalCount() {
        return total(counts);
    }

    /**
     * HdrHistogram's rule over counts of ascending values: the index of the smallest value with at least
     * ceil(p% of all) operations at or below it; -1 when there are none.
     */
    static int percentileIndex(long[] counts, double percentile) {
        long rank = Math.max(1, (long) Math.ceil(percentile / 100 * total(counts)));
        long seen = 0;
        for (int index = 0; index < counts.length; index++) {
            seen += counts[index];
            if (seen >= rank) {
                return index;
            }
        }
        return -1;
    }

    private static long total(long[] counts) {
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        return total;
    }
}
