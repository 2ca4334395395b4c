package dev.vaultload.run;

import dev.vaultload.report.EndpointLog;
import dev.vaultload.storage.EndpointFigures;
import dev.vaultload.storage.EndpointRequests;
import dev.vaultload.storage.StorageProvider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * What a provider's client counted during one combination, for the result's storage details: the retries per store
 * call ({@code retriesByOperation}) and the requests per endpoint ({@link EndpointLog#DETAILS_KEY}, a list of
 * {@link EndpointFigures}, left out when no endpoint saw a request of the combination). The provider's counters only
 * grow; this takes the difference between {@link #start} and {@link #addTo}.
 */
public final class ProviderCounters {
    private static final String RETRIES = "retriesByOperation";

    private final StorageProvider provider;
    private final Map<String, Long> retriesBefore;
    private final List<EndpointRequests> endpointsBefore;

    private ProviderCounters(StorageProvider provider) {
        this.provider = provider;
        this.retriesBefore = provider.retriesByOperation().orElse(Map.of());
        this.endpointsBefore = provider.requestsByEndpoint();
    }

    /** Remembers the provider's counters now. */
    public static ProviderCounters start(StorageProvider provider) {
        return new ProviderCounters(provider);
    }

    /** {@code details} and what was counted since {@link #start}; a provider without counters adds nothing. */
    public Map<String, Object> addTo(Map<String, Object> details) {
        Map<String, Object> added = new LinkedHashMap<>(details);
        provider.retriesByOperation().ifPresent(retriesNow -> {
            Map<String, Long> retries = new TreeMap<>();
            retriesNow.forEach((operation, total) -> retries.put(operation, total - retriesBefore.getOrDefault(operation, 0L)));
            added.put(RETRIES, retries);
        });
        List<EndpointRequests> endpointsNow = provider.requestsByEndpoint();
        List<EndpointFigures> endpoints = IntStream.range(0, endpointsNow.size())
                .mapToObj(i -> endpointsNow.get(i).since(endpointsBefore.get(i)).figures()).toList();
        // an engine with clients of its own (DATASAFE_STORAGE=NATIVE, S3EC, SSE_*) sends nothing through the provider's
        if (endpoints.stream().anyMatch(endpoint -> endpoint.requests() > 0)) {
            added.put(EndpointLog.DETAILS_KEY, endpoints);
        }
        return added;
    }
}
