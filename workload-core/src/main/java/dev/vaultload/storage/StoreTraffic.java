package dev.vaultload.storage;

/**
 * What one thread asked of its store during one operation: requests by kind and the bytes it sent (puts and writes)
 * and received (reads).
 */
public final class StoreTraffic {
    private final long[] requests;
    private final long sentBytes;
    private final long receivedBytes;

    /** @param requests the count of each kind, in {@link StoreRequest}'s order; copied */
    StoreTraffic(long[] requests, long sentBytes, long receivedBytes) {
        this.requests = requests.clone();
        this.sentBytes = sentBytes;
        this.receivedBytes = receivedBytes;
    }

    /** This traffic and {@code other}'s together. */
    StoreTraffic plus(StoreTraffic other) {
        long[] sum = requests.clone();
        for (int kind = 0; kind < sum.length; kind++) {
            sum[kind] += other.requests[kind];
        }
        return new StoreTraffic(sum, sentBytes + other.sentBytes, receivedBytes + other.receivedBytes);
    }

    public long requests(StoreRequest kind) {
        return requests[kind.ordinal()];
    }

    public long sentBytes() {
        return sentBytes;
    }

    public long receivedBytes() {
        return receivedBytes;
    }
}
