package dev.vaultload.stats;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.storage.StoreRequest;
import dev.vaultload.storage.StoreTraffic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Collects the measurements of one run: per operation type a latency histogram in microseconds, bytes
 * moved and failures by {@link ErrorClass}. Recording takes no lock and, on histograms of a fixed size
 * ({@link LatencyHistograms}), allocates nothing (a LongAdder may add a cell once under contention), so it can sit
 * in the measured path; memory is constant however long the run.
 */
public final class StatisticService {
    /**
     * The operation types whose latency is split into store, key-manager and engine time: those that move a document,
     * and CREATE_USER and ROTATE_KEY, where the engine derives and seals a user's keys.
     */
    public static final Set<OperationType> SPLIT_TYPES = Set.of(OperationType.CREATE_USER, OperationType.WRITE,
            OperationType.READ, OperationType.SHARE, OperationType.ROTATE_KEY, OperationType.REENCRYPT);

    private final Map<OperationType, OperationRecorder> recorders = new EnumMap<>(OperationType.class);
    private final Map<OperationType, TimeSplitRecorder> timeSplits = new EnumMap<>(OperationType.class);
    private final Map<OperationType, StoreTrafficRecorder> traffic = new EnumMap<>(OperationType.class);
    private final RangedReadRecorder rangedReads = new RangedReadRecorder();
    private final LongAdder requestsStarted = new LongAdder();

    public StatisticService() {
        for (OperationType type : OperationType.values()) {
            recorders.put(type, new OperationRecorder());
            traffic.put(type, new StoreTrafficRecorder());
        }
        for (OperationType type : SPLIT_TYPES) {
            timeSplits.put(type, new TimeSplitRecorder());
        }
    }

    /** Counts an operation as sent, for the progress line's RequestCount. */
    public void requestStarted() {
        requestsStarted.increment();
    }

    public void recordSuccess(OperationType type, long latencyMicros, long sizeBytes) {
        recorders.get(type).recordSuccess(latencyMicros, sizeBytes);
    }

    /**
     * Records how much of a successful operation's latency was spent waiting on the store and on the key manager,
     * and how many key-manager calls it made; ignored for types outside {@link #SPLIT_TYPES}.
     */
    public void recordTimeSplit(OperationType type, long latencyMicros, long storageMicros, long kmsMicros,
                                long kmsCalls) {
        TimeSplitRecorder split = timeSplits.get(type);
        if (split != null) {
            split.record(latencyMicros, storageMicros, kmsMicros, kmsCalls);
        }
    }

    /**
     * Adds what a successful operation asked of the store.
     *
     * @param contentBytes the document bytes it wrote or read, 0 for one without content
     */
    public void recordStoreTraffic(OperationType type, StoreTraffic requested, long contentBytes) {
        traffic.get(type).record(requested, contentBytes);
    }

    /**
     * Adds what a successful READ of a byte range cost.
     *
     * @param returnedBytes  the bytes of the range it returned
     * @param fetchedBytes   the bytes it fetched from the store; -1 when they were not seen
     * @param decryptedBytes the bytes the engine decrypted in the client
     */
    public void recordRangedRead(long returnedBytes, long fetchedBytes, long decryptedBytes) {
        rangedReads.record(returnedBytes, fetchedBytes, decryptedBytes);
    }

    /**
     * Adds the CPU the calling thread spent on a successful operation: per MiB of the bytes its success recorded,
     * what {@link OperationStatistics#workerCpuMillisPerMib()} reports.
     */
    public void recordWorkerCpu(OperationType type, long cpuNanos) {
        recorders.get(type).recordWorkerCpu(cpuNanos);
    }

    public void recordFailure(OperationType type, ErrorClass errorClass) {
        recorders.get(type).recordFailure(errorClass);
    }

    /** Per type that called a key manager, its calls and wait since the start; empty when none did. */
    public Map<OperationType, KeyManagerTally> keyManagerTotals() {
        Map<OperationType, KeyManagerTally> totals = new EnumMap<>(OperationType.class);
        timeSplits.forEach((type, split) -> {
            KeyManagerTally tally = split.keyManagerTally();
            if (tally.calls() > 0) {
                totals.put(type, tally);
            }
        });
        return totals;
    }

    /** Per type that asked the store something, its requests by kind since the start; empty when none did. */
    public Map<OperationType, Map<StoreRequest, Long>> storeRequestTotals() {
        Map<OperationType, Map<StoreRequest, Long>> totals = new EnumMap<>(OperationType.class);
        traffic.forEach((type, recorder) -> {
            Map<StoreRequest, Long> requests = recorder.requestTotals();
            if (!requests.isEmpty()) {
                totals.put(type, requests);
            }
        });
        return totals;
    }

    /**
     * Counts the latencies the earlier lives of a resumed run recorded (read back from its .hlog) in the totals that
     * {@link #summarize} reports; the sum of their latencies is the histogram's, to its precision.
     */
    public void includeEarlierLives(Map<OperationType, Histogram> latencyMicros) {
        latencyMicros.forEach((type, histogram) -> recorders.get(type).addEarlier(histogram));
    }

    public long requestsStarted() {
        return requestsStarted.sum();
    }

    /**
     * Swaps out the latencies recorded since the previous call, per operation type. Meant for one caller
     * at a time (the interval reporter); each returned histogram stays valid until the next call.
     */
    public Map<OperationType, Histogram> takeInterval() {
        Map<OperationType, Histogram> interval = new EnumMap<>(OperationType.class);
        recorders.forEach((type, recorder) -> interval.put(type, recorder.takeInterval()));
        return interval;
    }

    /** Errors so far by class, all operation types together. */
    public Map<ErrorClass, Long> errorTotals() {
        Map<ErrorClass, Long> totals = new EnumMap<>(ErrorClass.class);
        for (ErrorClass errorClass : ErrorClass.values()) {
            totals.put(errorClass, 0L);
        }
        recorders.values().forEach(recorder ->
                recorder.errorCounts().forEach((errorClass, count) -> totals.merge(errorClass, count, Long::sum)));
        return totals;
    }

    /** As {@link #summarize(Map)}, every type measured over the same phase (a load mode's run or step). */
    public List<OperationStatistics> summarize(Duration wallClock) {
        Map<OperationType, Duration> wallClocks = new EnumMap<>(OperationType.class);
        for (OperationType type : OperationType.values()) {
            wallClocks.put(type, wallClock);
        }
        return summarize(wallClocks);
    }

    /**
     * The statistics of every operation type that ran or failed at least once.
     *
     * @param wallClock how long the measured phase of each operation type lasted, for ops/s and MiB/s
     */
    public List<OperationStatistics> summarize(Map<OperationType, Duration> wallClock) {
        List<OperationStatistics> summaries = new ArrayList<>();
        recorders.forEach((type, recorder) -> {
            Histogram latencies = recorder.total();
            Map<ErrorClass, Long> errors = recorder.errorCounts();
            long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
            if (latencies.getTotalCount() > 0 || errorCount > 0) {
                summaries.add(OperationStatistics.of(type, latencies, recorder.sumLatencyMicros(),
                        recorder.transferredBytes(), errors, wallClock.getOrDefault(type, Duration.ZERO),
                        timeSplits.containsKey(type) ? timeSplits.get(type).summarize() : null,
                        recorder.workerCpuNanos(), traffic.get(type).summarize(),
                        type == OperationType.READ ? rangedReads.summarize() : null));
            }
        });
        return summaries;
    }
}
