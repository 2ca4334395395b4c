package dev.vaultload.stats;

import dev.vaultload.storage.StoreRequest;
import dev.vaultload.storage.StoreTraffic;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Adds up, for one operation type, what its successful operations asked of the store, from many threads without locks. */
final class StoreTrafficRecorder {
    private final LongAdder[] requests = new LongAdder[StoreRequest.values().length];
    private final LongAdder sentBytes = new LongAdder();
    private final LongAdder receivedBytes = new LongAdder();
    private final LongAdder contentBytes = new LongAdder();
    private final LongAdder operations = new LongAdder();

    StoreTrafficRecorder() {
        for (int kind = 0; kind < requests.length; kind++) {
            requests[kind] = new LongAdder();
        }
    }

    /** @param contentBytes the document bytes the operation wrote or read, 0 for one without content */
    void record(StoreTraffic traffic, long contentBytes) {
        for (StoreRequest kind : StoreRequest.values()) {
            long count = traffic.requests(kind);
            if (count > 0) {
                requests[kind.ordinal()].add(count);
            }
        }
        sentBytes.add(traffic.sentBytes());
        receivedBytes.add(traffic.receivedBytes());
        this.contentBytes.add(contentBytes);
        operations.increment();
    }

    /** Requests so far by kind, only the kinds made; read while operations go on, so a count may be one behind. */
    Map<StoreRequest, Long> requestTotals() {
        Map<StoreRequest, Long> totals = new EnumMap<>(StoreRequest.class);
        for (StoreRequest kind : StoreRequest.values()) {
            long total = requests[kind.ordinal()].sum();
            if (total > 0) {
                totals.put(kind, total);
            }
        }
        return totals;
    }

    /** Per operation; null when no operation asked the store anything (none ran, or the engine has its own client). */
    StoreTrafficStatistics summarize() {
        Map<StoreRequest, Long> totals = requestTotals();
        if (totals.isEmpty()) {
            return null;
        }
        long count = operations.sum();
        Map<StoreRequest, Double> perOperation = new EnumMap<>(StoreRequest.class);
        totals.forEach((kind, total) -> perOperation.put(kind, total / (double) count));
        long content = contentBytes.sum();
        return new StoreTrafficStatistics(perOperation, sentBytes.sum() / (double) count, receivedBytes.sum() / (double) count,
                content == 0 ? null : sentBytes.sum() / (double) content,
                content == 0 ? null : receivedBytes.sum() / (double) content);
    }
}
