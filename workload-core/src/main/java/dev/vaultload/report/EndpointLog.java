package dev.vaultload.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.storage.EndpointFigures;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;

/**
 * One line per endpoint of the store, after the statistics, where the provider counted its requests (the S3
 * providers; several lines for an endpoint list):
 * <pre>
 * Endpoint http://127.0.0.1:7480 (weight 1): 5210 requests, 0 failed, p50 1.204 ms, p99 6.130 ms, max 20.113 ms
 * </pre>
 */
public final class EndpointLog extends LoggedReport {
    /** The key of the endpoints' figures in {@link RunResult#storageDetails()}. */
    public static final String DETAILS_KEY = "endpoints";
    private static final ObjectMapper JSON = new ObjectMapper();

    public EndpointLog(Logger log) {
        super(log);
    }

    @Override
    public List<String> lines(RunResult result) {
        return figures(result.storageDetails()).stream().map(EndpointFigures::line).toList();
    }

    /**
     * The endpoints' figures in a result's storage details, whether made in this process or read back from its JSON;
     * empty if there are none.
     */
    public static List<EndpointFigures> figures(Map<String, Object> storageDetails) {
        return storageDetails != null && storageDetails.get(DETAILS_KEY) instanceof List<?> endpoints
                ? endpoints.stream().map(endpoint -> JSON.convertValue(endpoint, EndpointFigures.class)).toList()
                : List.of();
    }
}
