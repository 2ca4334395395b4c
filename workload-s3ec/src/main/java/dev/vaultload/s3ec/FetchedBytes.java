package dev.vaultload.s3ec;

import dev.vaultload.engine.ReadBytes;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/** What a GET fetched, for the harness's {@link ReadBytes}: the response's length, which the server sends whole. */
final class FetchedBytes {
    private FetchedBytes() {
    }

    /** Counts the response's Content-Length; nothing when the response does not give one. */
    static void record(GetObjectResponse response) {
        Long lengthBytes = response.contentLength();
        if (lengthBytes != null) {
            ReadBytes.recordFetched(lengthBytes);
        }
    }
}
