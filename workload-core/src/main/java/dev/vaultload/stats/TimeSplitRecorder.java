package dev.vaultload.stats;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records, for one operation type, the store, key-manager and engine parts of each latency, from many threads without
 * locks or allocation: HdrHistogram {@link Recorder}s in microseconds, read once at the end of the run.
 */
final class TimeSplitRecorder {
    private final Part storage = new Part();
    private final Part kms = new Part();
    private final Part engine = new Part();
    private final LongAdder kmsCalls = new LongAdder();

    /** One part of the latency: its distribution and its exact sum. */
    private static final class Part {
        private final Recorder micros = LatencyHistograms.recorder();
        private final LongAdder sumMicros = new LongAdder();
        private final Histogram totalMicros = LatencyHistograms.histogram();

        void record(long partMicros) {
            micros.recordValue(LatencyHistograms.bounded(partMicros));
            sumMicros.add(partMicros);
        }

        Histogram total() {
            totalMicros.add(micros.getIntervalHistogram());
            return totalMicros;
        }
    }

    /**
     * @param storageMicros the part of {@code latencyMicros} spent waiting on the store
     * @param kmsMicros     the part spent waiting on the key manager; the two together at most all of it
     * @param kmsCalls      the key-manager calls the operation made
     */
    void record(long latencyMicros, long storageMicros, long kmsMicros, long kmsCalls) {
        long storagePart = Math.min(storageMicros, latencyMicros);
        long kmsPart = Math.min(kmsMicros, latencyMicros - storagePart);
        storage.record(storagePart);
        kms.record(kmsPart);
        engine.record(latencyMicros - storagePart - kmsPart);
        this.kmsCalls.add(kmsCalls);
    }

    /** The key-manager calls and time recorded so far; read while operations go on, so each sum may be a call behind. */
    KeyManagerTally keyManagerTally() {
        return new KeyManagerTally(kmsCalls.sum(), kms.sumMicros.sum());
    }

    /** The split of everything recorded so far, or null when nothing was. */
    synchronized TimeSplit summarize() {
        Histogram storageTotal = storage.total();
        Histogram kmsTotal = kms.total();
        Histogram engineTotal = engine.total();
        long count = storageTotal.getTotalCount();
        if (count == 0) {
            return null;
        }
        // exact sums, so that the three means add up to the mean latency
        double storageSum = storage.sumMicros.sum();
        double kmsSum = kms.sumMicros.sum();
        double latencySum = storageSum + kmsSum + engine.sumMicros.sum();
        return new TimeSplit(OperationStatistics.percentiles(storageTotal),
                OperationStatistics.percentiles(engineTotal), storageSum / count, engine.sumMicros.sum() / (double) count,
                latencySum == 0 ? 0 : storageSum / latencySum,
                OperationStatistics.percentiles(kmsTotal), kmsSum / count, latencySum == 0 ? 0 : kmsSum / latencySum,
                kmsCalls.sum() / (double) count);
    }
}
