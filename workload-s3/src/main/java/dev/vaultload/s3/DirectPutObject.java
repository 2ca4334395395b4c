package dev.vaultload.s3;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import org.apache.http.entity.AbstractHttpEntity;

/**
 * PutObject of a buffered object on a path-style endpoint without the SDK's request pipeline ({@link DirectRequests}).
 * The payload is not signed ({@code UNSIGNED-PAYLOAD}): over plain http the SDK signs a PutObject body chunk by chunk
 * (aws-chunked, a SHA-256 of every chunk and an HMAC per chunk), which costs the client a SHA-256 pass over every
 * byte written. Instead the request carries the body's CRC32C in {@code x-amz-checksum-crc32c}, a signed header that
 * S3 and MinIO check against the body they received (a mismatch is 400 BadDigest or XAmzContentChecksumMismatch, and
 * nothing is stored): corruption on the way is caught as before; a forgery by someone who can rewrite the traffic is
 * not (a CRC is no MAC), which only TLS prevents, on either path. Thread-safe.
 */
final class DirectPutObject {
    static final String OPERATION = "PutObject";
    static final String CHECKSUM_HEADER = "x-amz-checksum-crc32c";

    private final DirectRequests requests;

    DirectPutObject(DirectRequests requests) {
        this.requests = requests;
    }

    /** Writes {@code content} as the whole object; failures are {@link software.amazon.awssdk.core.exception.SdkException}s. */
    void put(String bucket, String key, PartBuffer content) {
        put(bucket, key, content, content.crc32cBase64());
    }

    /** As {@link #put(String, String, PartBuffer)} with the checksum given: a wrong one must make the server refuse. */
    void put(String bucket, String key, PartBuffer content, String crc32cBase64) {
        Map<String, String> checksum = Map.of(CHECKSUM_HEADER, crc32cBase64);
        requests.withRetries(OPERATION, () -> attempt(bucket, key, content, checksum));
    }

    private Void attempt(String bucket, String key, PartBuffer content, Map<String, String> checksum) {
        String path = requests.objectPath(bucket, key);
        Map<String, String> headers = requests.sign("PUT", path, checksum);
        PooledTransport.Response response = requests.exchange(OPERATION, transport -> transport.put(path, headers, new Entity(content)));
        if (response.status() / 100 != 2) {
            throw DirectRequests.errorOf(OPERATION, response.status(), response.body());
        }
        try (InputStream body = response.body()) {
            body.transferTo(OutputStream.nullOutputStream()); // read to its end, so the connection is reused
        } catch (IOException e) {
            throw DirectRequests.ioFailure(OPERATION, e);
        }
        return null;
    }

    /** The buffer as a request body that can be sent again on a retry. */
    private static final class Entity extends AbstractHttpEntity {
        private final PartBuffer content;

        Entity(PartBuffer content) {
            this.content = content;
        }

        @Override
        public boolean isRepeatable() {
            return true;
        }

        @Override
        public long getContentLength() {
            return content.sizeBytes();
        }

        @Override
        public InputStream getContent() {
            return content.newInputStream();
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            content.writeTo(out);
        }

        @Override
        public boolean isStreaming() {
            return false;
        }
    }
}
