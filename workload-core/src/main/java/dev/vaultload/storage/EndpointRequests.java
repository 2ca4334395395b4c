package dev.vaultload.storage;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The requests one endpoint of a store (one RADOS Gateway or MinIO node of several) answered so far: every HTTP
 * attempt, retries included, the failed ones (an error status or no answer) and the time to each answer's headers.
 * The counters only grow; {@link #since} takes the part of one combination.
 *
 * @param endpoint       the endpoint as configured, e.g. {@code http://127.0.0.1:7480}
 * @param weight         its share of the store's operations, relative to the other endpoints' weights
 * @param requests       requests sent
 * @param failedRequests requests answered with a status >= 400 or not answered
 * @param latencyMicros  time from sending each request to its answer's headers; a copy, the caller's to change
 */
public record EndpointRequests(String endpoint, int weight, long requests, long failedRequests, Histogram latencyMicros) {

    /** What happened between {@code earlier} (a snapshot of the same endpoint) and this snapshot. */
    public EndpointRequests since(EndpointRequests earlier) {
        Histogram latency = latencyMicros.copy();
        latency.subtract(earlier.latencyMicros);
        return new EndpointRequests(endpoint, weight, requests - earlier.requests, failedRequests - earlier.failedRequests, latency);
    }

    /** The figures a report shows: requests, failed requests, p50, p99 and max latency in milliseconds. */
    public Map<String, Object> figures() {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("endpoint", endpoint);
        figures.put("weight", weight);
        figures.put("requests", requests);
        figures.put("failedRequests", failedRequests);
        figures.put("p50Millis", millis(latencyMicros.getValueAtPercentile(50)));
        figures.put("p99Millis", millis(latencyMicros.getValueAtPercentile(99)));
        figures.put("maxMillis", millis(latencyMicros.getMaxValue()));
        return figures;
    }

    /** One line, e.g. {@code http://127.0.0.1:7480 (weight 1): 5210 requests, 0 failed, p50 1.204 ms, p99 6.130 ms}. */
    public String line() {
        return String.format(Locale.ROOT, "%s (weight %d): %d requests, %d failed, p50 %.3f ms, p99 %.3f ms, max %.3f ms",
                endpoint, weight, requests, failedRequests, millis(latencyMicros.getValueAtPercentile(50)),
                millis(latencyMicros.getValueAtPercentile(99)), millis(latencyMicros.getMaxValue()));
    }

    private static double millis(long micros) {
        return micros / 1000.0;
    }
}
