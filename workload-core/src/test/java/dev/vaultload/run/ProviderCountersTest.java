package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.report.EndpointLog;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.EndpointFigures;
import dev.vaultload.storage.EndpointRequests;
import dev.vaultload.storage.StorageProvider;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A combination's storage details carry what the provider counted during it, not since it started. */
class ProviderCountersTest {

    /** A provider whose counters the test sets, as an S3 provider's grow during a run. */
    private static final class CountingProvider implements StorageProvider {
        Map<String, Long> retries = Map.of("PutObject", 2L);
        List<EndpointRequests> endpoints = List.of(endpoint("http://a:1", 3, 10, 1, 1_000), endpoint("http://b:1", 1, 5, 0, 2_000));

        @Override
        public String name() {
            return "COUNTING";
        }

        @Override
        public BlobStore openBucket(String bucket) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String defaultBucket() {
            return "bucket";
        }

        @Override
        public Optional<Map<String, Long>> retriesByOperation() {
            return Optional.of(retries);
        }

        @Override
        public List<EndpointRequests> requestsByEndpoint() {
            return endpoints;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void takesTheDifferenceSinceTheStart() {
        CountingProvider provider = new CountingProvider();
        ProviderCounters counters = ProviderCounters.start(provider);
        provider.retries = Map.of("PutObject", 5L, "GetObject", 1L);
        provider.endpoints = List.of(grown(provider.endpoints.get(0), 300, 2, 1_000), grown(provider.endpoints.get(1), 100, 0, 4_000));

        Map<String, Object> details = counters.addTo(Map.of("buckets", 1));

        assertEquals(1, details.get("buckets"));
        assertEquals(Map.of("GetObject", 1L, "PutObject", 3L), details.get("retriesByOperation"));
        List<EndpointFigures> figures = EndpointLog.figures(details);
        assertEquals(List.of(300L, 100L), figures.stream().map(EndpointFigures::requests).toList());
        assertEquals(List.of(2L, 0L), figures.stream().map(EndpointFigures::failedRequests).toList());
        assertEquals(4.0, figures.get(1).p50Millis(), 0.01, "only the latencies recorded since the start");
        assertEquals(List.of(
                "Endpoint http://a:1 (weight 3): 300 requests, 2 failed, p50 1.000 ms, p99 1.000 ms, max 1.000 ms",
                "Endpoint http://b:1 (weight 1): 100 requests, 0 failed, p50 4.001 ms, p99 4.001 ms, max 4.001 ms"),
                figures.stream().map(EndpointFigures::line).toList());
    }

    @Test
    void anEngineThatSentNothingThroughTheProviderGetsNoEndpointFigures() {
        CountingProvider provider = new CountingProvider();
        ProviderCounters counters = ProviderCounters.start(provider);

        assertFalse(counters.addTo(Map.of()).containsKey("endpoints"));
    }

    @Test
    void theFiguresReadBackFromJsonAreTheSame() throws Exception {
        CountingProvider provider = new CountingProvider();
        ProviderCounters counters = ProviderCounters.start(provider);
        provider.endpoints = List.of(grown(provider.endpoints.get(0), 10, 0, 1_000), grown(provider.endpoints.get(1), 4, 1, 3_000));
        Map<String, Object> details = counters.addTo(Map.of());
        ObjectMapper json = new ObjectMapper();

        @SuppressWarnings("unchecked")
        Map<String, Object> readBack = json.readValue(json.writeValueAsString(details), Map.class);

        assertFalse(readBack.get("endpoints") instanceof EndpointFigures);
        assertEquals(EndpointLog.figures(details), EndpointLog.figures(readBack));
    }

    /** {@code earlier} after {@code requests} more requests, {@code failed} of them failed, each in {@code latencyMicros}. */
    private static EndpointRequests grown(EndpointRequests earlier, long requests, long failed, long latencyMicros) {
        Histogram latency = earlier.latencyMicros().copy();
        latency.recordValueWithCount(latencyMicros, requests);
        return new EndpointRequests(earlier.endpoint(), earlier.weight(), earlier.requests() + requests,
                earlier.failedRequests() + failed, latency);
    }

    /** An endpoint that answered {@code requests} requests, {@code failed} of them failed, each in {@code latencyMicros}. */
    private static EndpointRequests endpoint(String url, int weight, long requests, long failed, long latencyMicros) {
        Histogram latency = new Histogram(3);
        latency.recordValueWithCount(latencyMicros, requests);
        return new EndpointRequests(url, weight, requests, failed, latency);
    }
}
