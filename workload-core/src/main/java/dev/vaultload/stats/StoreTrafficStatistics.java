package dev.vaultload.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vaultload.storage.StoreRequest;
import java.util.Map;

/**
 * What an operation type's successful operations asked of the store through the {@code BlobStore} API, per operation:
 * requests by kind, bytes sent and received, and the two per byte of the documents' content (the amplification an
 * engine adds: its envelopes, keys and metadata; for a WRITE, the bytes stored per byte written). Only engines that
 * store through the harness's store, or through S3 clients that count their requests ({@code ClientStoreTraffic}: S3EC,
 * SSE_*), are seen here; Datasafe's own S3 client (DATASAFE_STORAGE=NATIVE)
 * has none, and its requests are the provider's endpoint figures.
 *
 * @param sentBytesPerContentByte     null for an operation without content (LIST, DELETE, CREATE_USER)
 * @param receivedBytesPerContentByte null likewise
 */
public record StoreTrafficStatistics(
        Map<StoreRequest, Double> requestsPerOperation,
        double sentBytesPerOperation,
        double receivedBytesPerOperation,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double sentBytesPerContentByte,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double receivedBytesPerContentByte) {

    /** Every request per operation, all kinds. */
    public double totalRequestsPerOperation() {
        return requestsPerOperation.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
