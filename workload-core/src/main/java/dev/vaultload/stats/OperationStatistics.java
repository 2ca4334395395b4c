package dev.vaultload.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.vaultload.fixture.OperationType;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The statistics of one operation type in one run: plain data, read by every report writer.
 *
 * @param count                   successful operations
 * @param errors                  failed operations by class
 * @param percentileMicros        latency at each percentile of {@link #PERCENTILES}, keyed by its label ("50", "99.9")
 * @param minMicros               fastest operation
 * @param maxMicros               slowest operation
 * @param meanMicros              mean latency
 * @param sumLatencyMicros        exact sum of all latencies
 * @param throughputPerThread     Datasafe's figure: count divided by the sum of latencies, per second;
 *                                equals the ops/s of one thread that does nothing else
 * @param wallClockMillis         how long the phase that ran this type lasted
 * @param opsPerSecond            true throughput: count / wall clock
 * @param mebibytesPerSecond      payload bytes / wall clock
 * @param transferredBytes        payload bytes written or read
 * @param histogramBase64         the latency histogram, HdrHistogram's compressed encoding, so runs can be merged exactly
 * @param servedWithinMicros      ab's table: the latency within which each percentage of {@link #SERVED_WITHIN_PERCENTILES}
 *                                of the operations completed ("100" is the longest)
 * @param timeSplit               store and engine parts of the latencies, for the operation types that move a
 *                                document (WRITE, READ, SHARE); null for the others
 * @param storeTraffic            what the operations asked of the store per operation; null when nothing was seen
 *                                (an engine with its own S3 clients, a merge of shards)
 * @param rangedReads             what the READs of a byte range fetched and decrypted per byte returned; null for
 *                                other types, a run without ranged READs, a merge of shards
 */
public record OperationStatistics(
        OperationType type,
        long count,
        Map<ErrorClass, Long> errors,
        Map<String, Long> percentileMicros,
        long minMicros,
        long maxMicros,
        double meanMicros,
        long sumLatencyMicros,
        double throughputPerThread,
        long wallClockMillis,
        double opsPerSecond,
        double mebibytesPerSecond,
        long transferredBytes,
        String histogramBase64,
        Map<String, Long> servedWithinMicros,
        TimeSplit timeSplit,
        Long workerCpuNanos,
        @JsonInclude(JsonInclude.Include.NON_NULL) StoreTrafficStatistics storeTraffic,
        @JsonInclude(JsonInclude.Include.NON_NULL) RangedReadStatistics rangedReads) {

    /** The percentiles every report carries. */
    public static final List<Double> PERCENTILES = List.of(50.0, 75.0, 90.0, 95.0, 99.0, 99.9);
    /** The rows of ab's "Percentage of the requests served within a certain time" table. */
    public static final List<Double> SERVED_WITHIN_PERCENTILES = List.of(50.0, 66.0, 75.0, 80.0, 90.0, 95.0, 98.0, 99.0, 100.0);

    private static final double MICROS_PER_SECOND = 1_000_000.0;
    private static final double BYTES_PER_MEBIBYTE = 1024.0 * 1024.0;

    static OperationStatistics of(OperationType type, Histogram latencies, long sumLatencyMicros,
                                  long transferredBytes, Map<ErrorClass, Long> errors, Duration wallClock,
                                  TimeSplit timeSplit, long workerCpuNanos, StoreTrafficStatistics storeTraffic,
                                  RangedReadStatistics rangedReads) {
        long count = latencies.getTotalCount();
        double wallClockSeconds = wallClock.toNanos() / 1e9;
        return new OperationStatistics(type, count, Map.copyOf(errors), percentiles(latencies, PERCENTILES),
                count == 0 ? 0 : latencies.getMinValue(), count == 0 ? 0 : latencies.getMaxValue(),
                count == 0 ? 0 : latencies.getMean(), sumLatencyMicros,
                sumLatencyMicros == 0 ? 0 : count * MICROS_PER_SECOND / sumLatencyMicros,
                wallClock.toMillis(),
                wallClockSeconds == 0 ? 0 : count / wallClockSeconds,
                wallClockSeconds == 0 ? 0 : transferredBytes / BYTES_PER_MEBIBYTE / wallClockSeconds,
                transferredBytes, encode(latencies), percentiles(latencies, SERVED_WITHIN_PERCENTILES), timeSplit,
                workerCpuNanos, storeTraffic, rangedReads);
    }

    /**
     * The statistics of shards added together: the histogram and the sums are exact; a rate is given, since only the
     * caller knows over which time the shards ran. The time split is left out: shards carry no histogram of it; so is
     * the worker CPU, which the merge does not add yet.
     *
     * @param latencies         every shard's latencies added
     * @param wallClockMillis   the longest shard's phase
     * @param opsPerSecond      the shards' rates summed
     * @param mebibytesPerSecond the shards' rates summed
     */
    public static OperationStatistics merged(OperationType type, Histogram latencies, long sumLatencyMicros,
                                             long transferredBytes, Map<ErrorClass, Long> errors, long wallClockMillis,
                                             double opsPerSecond, double mebibytesPerSecond) {
        long count = latencies.getTotalCount();
        return new OperationStatistics(type, count, Map.copyOf(errors), percentiles(latencies, PERCENTILES),
                count == 0 ? 0 : latencies.getMinValue(), count == 0 ? 0 : latencies.getMaxValue(),
                count == 0 ? 0 : (double) sumLatencyMicros / count, sumLatencyMicros,
                sumLatencyMicros == 0 ? 0 : count * MICROS_PER_SECOND / sumLatencyMicros, wallClockMillis, opsPerSecond,
                mebibytesPerSecond, transferredBytes, encode(latencies), percentiles(latencies, SERVED_WITHIN_PERCENTILES),
                null, null, null, null);
    }

    /**
     * Worker CPU per MiB of content moved ({@link #workerCpuNanos} over {@link #transferredBytes}), in milliseconds;
     * null when either is unknown or zero (an operation type that moves no content).
     */
    @JsonProperty(access = JsonProperty.Access.READ_ONLY)
    public Double workerCpuMillisPerMib() {
        return workerCpuNanos == null || workerCpuNanos == 0 || transferredBytes == 0 ? null
                : workerCpuNanos / 1e6 / (transferredBytes / BYTES_PER_MEBIBYTE);
    }

    /** The histogram's values at {@link #PERCENTILES}, keyed by {@link #label}; 0 when it is empty. */
    public static Map<String, Long> percentiles(Histogram histogram) {
        return percentiles(histogram, PERCENTILES);
    }

    private static Map<String, Long> percentiles(Histogram histogram, List<Double> percentiles) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (double percentile : percentiles) {
            values.put(label(percentile), histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile));
        }
        return values;
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** "50" for 50.0, "99.9" for 99.9: the keys of {@link #percentileMicros}. */
    public static String label(double percentile) {
        return percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
    }

    /** The latency histogram back from {@link #histogramBase64}. */
    public Histogram histogram() {
        try {
            return Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(histogramBase64)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalStateException("corrupt histogram encoding for " + type, e);
        }
    }

    private static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }
}
