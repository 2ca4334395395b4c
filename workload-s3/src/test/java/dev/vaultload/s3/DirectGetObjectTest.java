package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.utils.http.SdkHttpUtils;

/**
 * The direct GetObject against a scripted HTTP server on 127.0.0.1 (the S3 contract tests run it against the
 * embedded server, MinIO and Ceph): what it sends, how it retries, what an error becomes.
 */
class DirectGetObjectTest {
    private ScriptedS3Server server;
    private DirectGetObject get;

    @BeforeEach
    void start() throws IOException {
        server = new ScriptedS3Server();
        get = new DirectGetObject(server.requests());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private List<String> paths() {
        return server.received().stream().map(ScriptedS3Server.Received::path).toList();
    }

    @Test
    void sendsASignedPathStyleGetAndReturnsTheBody() throws IOException {
        server.willAnswer(200, "the body");

        try (InputStream body = get.open("bucket", "alice/a b/ü.txt", null)) {
            assertEquals("the body", new String(body.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals(List.of("/bucket/alice/a%20b/%C3%BC.txt"), paths());
        ScriptedS3Server.Received request = server.received().getFirst();
        assertTrue(request.authorization().startsWith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/"), request.authorization());
        assertTrue(request.authorization().contains("/eu-central-1/s3/aws4_request"), request.authorization());
        assertEquals("UNSIGNED-PAYLOAD", request.payloadHash());
    }

    @Test
    void retriesAThrottledGetByTheSdksStrategyAndCountsTheRetries() throws IOException {
        server.willAnswer(503, ScriptedS3Server.error("SlowDown", "Please reduce your request rate."));
        server.willAnswer(500, ScriptedS3Server.error("InternalError", "We encountered an internal error."));
        server.willAnswer(200, "at last");

        try (InputStream body = get.open("bucket", "key", null)) {
            assertEquals("at last", new String(body.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals(3, paths().size(), "three attempts");
        assertEquals(2, server.retries.retries(DirectGetObject.OPERATION));
        assertEquals(3, server.endpointStats.snapshot(1).requests(), "every attempt is a request to the endpoint");
        assertEquals(2, server.endpointStats.snapshot(1).failedRequests());
        assertEquals(3, server.endpointStats.snapshot(1).latencyMicros().getTotalCount());
    }

    @Test
    void aRefusalIsTheSdksS3ExceptionWithItsCodeAndIsNotRetried() {
        server.willAnswer(403, ScriptedS3Server.error("AccessDenied", "Access Denied."));

        S3Exception refused = assertThrows(S3Exception.class, () -> get.open("bucket", "key", null));

        assertEquals(403, refused.statusCode());
        assertEquals("AccessDenied", refused.awsErrorDetails().errorCode());
        assertEquals("Access Denied.", refused.awsErrorDetails().errorMessage());
        assertEquals(1, paths().size(), "a client error is final");
        assertEquals(0, server.retries.retries(DirectGetObject.OPERATION));
    }

    @Test
    void givesUpAfterTheLastAttemptWithTheLastFailure() {
        for (int i = 0; i < 3; i++) {
            server.willAnswer(503, ScriptedS3Server.error("SlowDown", "attempt " + i));
        }

        S3Exception failure = assertThrows(S3Exception.class, () -> get.open("bucket", "key", null));

        assertEquals("attempt 2", failure.awsErrorDetails().errorMessage());
        assertEquals(3, paths().size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"user-1/private/Ab_c-d.e~f", "plain", "a b/ü.txt", "x/*'()!$&=+?#", "%41/already", "/leading//double/"})
    void encodesTheKeyAsTheSdkDoes(String key) {
        assertEquals("/bucket.name-1/" + SdkHttpUtils.urlEncodeIgnoreSlashes(key),
                DirectRequests.objectPath(URI.create("http://host:1"), "bucket.name-1", key), key);
    }

    @Test
    void encodesABucketNameAsTheSdkDoes() {
        assertEquals("/" + SdkHttpUtils.urlEncode("odd bucket~") + "/k", DirectRequests.objectPath(URI.create("http://host:1"), "odd bucket~", "k"));
    }

    @Test
    void anEndpointPathPrefixesTheObjectPath() {
        assertEquals("/s3/bucket/a/b%2Bc", DirectRequests.objectPath(URI.create("http://host:1/s3/"), "bucket", "a/b+c"));
        assertEquals("/bucket/k", DirectRequests.objectPath(URI.create("http://host:1"), "bucket", "k"));
    }
}
