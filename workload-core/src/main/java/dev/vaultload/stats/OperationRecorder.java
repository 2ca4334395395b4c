package dev.vaultload.stats;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records one operation type from many threads without locks: latencies go into an HdrHistogram
 * {@link Recorder} of {@link LatencyHistograms}' fixed shape, counters into LongAdders.
 * {@link #takeInterval()} swaps out what was recorded since the previous call and folds it into the total.
 */
final class OperationRecorder {
    private final Recorder latencyRecorder = LatencyHistograms.recorder();
    private final Histogram totalLatencyMicros = LatencyHistograms.histogram();
    private final LongAdder sumLatencyMicros = new LongAdder();
    private final LongAdder transferredBytes = new LongAdder();
    private final LongAdder workerCpuNanos = new LongAdder();
    private final Map<ErrorClass, LongAdder> errors = new EnumMap<>(ErrorClass.class);
    private Histogram recycledInterval;
    /** Operations that earlier lives of a resumed run recorded. */
    private long earlierCount;

    OperationRecorder() {
        for (ErrorClass errorClass : ErrorClass.values()) {
            errors.put(errorClass, new LongAdder());
        }
    }

    void recordSuccess(long latencyMicros, long sizeBytes) {
        latencyRecorder.recordValue(LatencyHistograms.bounded(latencyMicros));
        sumLatencyMicros.add(latencyMicros);
        transferredBytes.add(sizeBytes);
    }

    void recordWorkerCpu(long cpuNanos) {
        workerCpuNanos.add(cpuNanos);
    }

    void recordFailure(ErrorClass errorClass) {
        errors.get(errorClass).increment();
    }

    /** Adds what earlier lives of a resumed run recorded to the total, not to any interval: their periods are logged. */
    synchronized void addEarlier(Histogram latencyMicros) {
        totalLatencyMicros.add(latencyMicros);
        sumLatencyMicros.add(Math.round(latencyMicros.getMean() * latencyMicros.getTotalCount()));
        earlierCount += latencyMicros.getTotalCount();
    }

    /** The latencies recorded since the last call; the returned histogram is owned by the caller until the next call. */
    synchronized Histogram takeInterval() {
        Histogram interval = latencyRecorder.getIntervalHistogram(recycledInterval);
        totalLatencyMicros.add(interval);
        recycledInterval = interval;
        return interval;
    }

    /** Folds pending latencies into the total and returns a copy of it. */
    synchronized Histogram total() {
        takeInterval();
        return totalLatencyMicros.copy();
    }

    long sumLatencyMicros() {
        return sumLatencyMicros.sum();
    }

    /**
     * Payload bytes moved; in a resumed run the earlier lives' at this life's bytes per operation (their bytes are not
     * journaled; a committed fixture moves the same size each time).
     */
    synchronized long transferredBytes() {
        long bytes = transferredBytes.sum();
        long count = totalLatencyMicros.getTotalCount();
        return earlierCount == 0 || count == earlierCount ? bytes : Math.round((double) bytes * count / (count - earlierCount));
    }

    long workerCpuNanos() {
        return workerCpuNanos.sum();
    }

    Map<ErrorClass, Long> errorCounts() {
        Map<ErrorClass, Long> counts = new EnumMap<>(ErrorClass.class);
        errors.forEach((errorClass, adder) -> counts.put(errorClass, adder.sum()));
        return counts;
    }
}
