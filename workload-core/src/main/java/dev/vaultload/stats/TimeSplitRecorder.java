package dev.vaultload.stats;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records, for one operation type, the store and engine parts of each latency, from many threads without
 * locks or allocation: two HdrHistogram {@link Recorder}s in microseconds, read once at the end of the run.
 */
final class TimeSplitRecorder {
    private final Recorder storageMicros = LatencyHistograms.recorder();
    private final Recorder engineMicros = LatencyHistograms.recorder();
    private final LongAdder storageSumMicros = new LongAdder();
    private final LongAdder engineSumMicros = new LongAdder();
    private final Histogram storageTotalMicros = LatencyHistograms.histogram();
    private final Histogram engineTotalMicros = LatencyHistograms.histogram();

    /** @param storageMicros the part of {@code latencyMicros} spent waiting on the store, at most all of it */
    void record(long latencyMicros, long storageMicros) {
        long storage = Math.min(storageMicros, latencyMicros);
        this.storageMicros.recordValue(LatencyHistograms.bounded(storage));
        engineMicros.recordValue(LatencyHistograms.bounded(latencyMicros - storage));
        storageSumMicros.add(storage);
        engineSumMicros.add(latencyMicros - storage);
    }

    /** The split of everything recorded so far, or null when nothing was. */
    synchronized TimeSplit summarize() {
        storageTotalMicros.add(storageMicros.getIntervalHistogram());
        engineTotalMicros.add(engineMicros.getIntervalHistogram());
        long count = storageTotalMicros.getTotalCount();
        if (count == 0) {
            return null;
        }
        // exact sums, so that the two means add up to the mean latency
        double storageSum = storageSumMicros.sum();
        double engineSum = engineSumMicros.sum();
        return new TimeSplit(OperationStatistics.percentiles(storageTotalMicros),
                OperationStatistics.percentiles(engineTotalMicros), storageSum / count, engineSum / count,
                storageSum + engineSum == 0 ? 0 : storageSum / (storageSum + engineSum));
    }
}
