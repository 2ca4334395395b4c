package dev.vaultload.storage;

import java.util.Arrays;

/**
 * What one thread asked of its store during one operation: requests by kind ({@link StoreRequest}'s order) and the
 * bytes it sent (puts and writes) and received (reads).
 */
public record StoreTraffic(long[] requests, long sentBytes, long receivedBytes) {

    public StoreTraffic {
        requests = requests.clone();
    }

    public long requests(StoreRequest kind) {
        return requests[kind.ordinal()];
    }

    public long totalRequests() {
        return Arrays.stream(requests).sum();
    }

    @Override
    public long[] requests() {
        return requests.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StoreTraffic that && Arrays.equals(requests, that.requests) && sentBytes == that.sentBytes
                && receivedBytes == that.receivedBytes;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(requests) + Long.hashCode(sentBytes)) + Long.hashCode(receivedBytes);
    }

    @Override
    public String toString() {
        return "StoreTraffic" + Arrays.toString(requests) + " sent " + sentBytes + " received " + receivedBytes;
    }
}
