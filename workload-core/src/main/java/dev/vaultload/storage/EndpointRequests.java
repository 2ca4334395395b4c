package dev.vaultload.storage;

import org.HdrHistogram.Histogram;

/**
 * The requests one endpoint of a store (one RADOS Gateway or MinIO node of several) answered so far: every HTTP
 * attempt, retries included, the failed ones (no answer, or an error status other than 404) and the time to each
 * answer's headers. The counters only grow; {@link #since} takes the part of one combination.
 *
 * @param endpoint       the endpoint as configured, e.g. {@code http://127.0.0.1:7480}
 * @param weight         its share of the store's operations, relative to the other endpoints' weights
 * @param requests       requests sent
 * @param failedRequests requests not answered or answered with a status >= 400 other than 404 (not found)
 * @param latencyMicros  time from sending each request to its answer's headers; a copy, the caller's to change
 */
public record EndpointRequests(String endpoint, int weight, long requests, long failedRequests, Histogram latencyMicros) {

    /** What happened between {@code earlier} (a snapshot of the same endpoint) and this snapshot. */
    public EndpointRequests since(EndpointRequests earlier) {
        Histogram latency = latencyMicros.copy();
        latency.subtract(earlier.latencyMicros);
        return new EndpointRequests(endpoint, weight, requests - earlier.requests, failedRequests - earlier.failedRequests, latency);
    }

    /** The figures a report shows. */
    public EndpointFigures figures() {
        return new EndpointFigures(endpoint, weight, requests, failedRequests, millis(latencyMicros.getValueAtPercentile(50)),
                millis(latencyMicros.getValueAtPercentile(99)), millis(latencyMicros.getMaxValue()));
    }

    private static double millis(long micros) {
        return micros / 1000.0;
    }
}
