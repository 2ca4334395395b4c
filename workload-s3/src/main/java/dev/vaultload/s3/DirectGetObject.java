package dev.vaultload.s3;

import java.io.InputStream;
import java.util.Map;

/** GetObject on a path-style endpoint without the SDK's request pipeline ({@link DirectRequests}). Thread-safe. */
final class DirectGetObject {
    static final String OPERATION = "GetObject";

    private final DirectRequests requests;

    DirectGetObject(DirectRequests requests) {
        this.requests = requests;
    }

    /**
     * The object's body, or the bytes of {@code range} (signed, as the SDK signs it), open; the caller closes it.
     * Failures are {@link software.amazon.awssdk.core.exception.SdkException}s, as from the SDK.
     */
    InputStream open(String bucket, String key, String range) {
        return requests.withRetries(OPERATION, () -> attempt(bucket, key, range));
    }

    private InputStream attempt(String bucket, String key, String range) {
        String path = requests.objectPath(bucket, key);
        Map<String, String> headers = requests.sign("GET", path, range == null ? Map.of() : Map.of("range", range));
        PooledTransport.Response response = requests.exchange(OPERATION, transport -> transport.get(path, headers));
        if (response.status() / 100 == 2) {
            return response.body();
        }
        throw DirectRequests.errorOf(OPERATION, response.status(), response.body());
    }
}
