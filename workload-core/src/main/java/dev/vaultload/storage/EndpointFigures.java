package dev.vaultload.storage;

import java.util.Locale;

/**
 * One endpoint's requests during a combination, as reports show them (the result's storage details, the console).
 *
 * @param endpoint       the endpoint as configured
 * @param weight         its share of the store's calls, relative to the other endpoints'
 * @param requests       HTTP requests sent, retries included
 * @param failedRequests requests not answered or answered with a status >= 400 other than 404 (not found)
 * @param p50Millis      median time to an answer's headers
 * @param p99Millis      99th percentile of it
 * @param maxMillis      its maximum
 */
public record EndpointFigures(String endpoint, int weight, long requests, long failedRequests, double p50Millis,
                              double p99Millis, double maxMillis) {

    /** E.g. {@code Endpoint http://127.0.0.1:7480 (weight 1): 5210 requests, 0 failed, p50 1.204 ms, p99 6.130 ms, max 20.1 ms}. */
    public String line() {
        return String.format(Locale.ROOT, "Endpoint %s (weight %d): %d requests, %d failed, p50 %.3f ms, p99 %.3f ms, max %.3f ms",
                endpoint, weight, requests, failedRequests, p50Millis, p99Millis, maxMillis);
    }
}
