package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.utils.http.SdkHttpUtils;

/**
 * The direct GetObject against a scripted HTTP server on 127.0.0.1 (the S3 contract tests run it against the
 * embedded server, MinIO and Ceph): what it sends, how it retries, what an error becomes.
 */
class DirectGetObjectTest {
    private record Answer(int status, String body) {
    }

    private final Deque<Answer> answers = new ArrayDeque<>();
    private final List<String> paths = new ArrayList<>();
    private final List<String> authorizations = new ArrayList<>();
    private final List<String> payloadHashes = new ArrayList<>();
    private final RetryCounter retries = new RetryCounter();
    private final EndpointStats endpointStats = new EndpointStats("scripted");
    private HttpServer server;
    private PooledTransport transport;
    private DirectGetObject get;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.start();
        URI endpoint = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        transport = new PooledTransport(endpoint, 4, S3Timeouts.DEFAULT, null);
        get = new DirectGetObject(new DirectRequests(transport, endpoint, "eu-central-1",
                StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDEXAMPLE", "not-a-real-secret")),
                AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(3).build(), retries, endpointStats));
    }

    @AfterEach
    void stop() {
        transport.close();
        server.stop(0);
    }

    private synchronized void answer(HttpExchange exchange) throws IOException {
        paths.add(exchange.getRequestURI().getRawPath());
        authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
        payloadHashes.add(exchange.getRequestHeaders().getFirst("x-amz-content-sha256"));
        Answer answer = answers.isEmpty() ? new Answer(500, "") : answers.removeFirst();
        byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    private static String error(String code, String message) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code + "</Code><Message>" + message
                + "</Message></Error>";
    }

    @Test
    void sendsASignedPathStyleGetAndReturnsTheBody() throws IOException {
        answers.add(new Answer(200, "the body"));

        try (InputStream body = get.open("bucket", "alice/a b/ü.txt")) {
            assertEquals("the body", new String(body.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals(List.of("/bucket/alice/a%20b/%C3%BC.txt"), paths);
        assertTrue(authorizations.getFirst().startsWith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/"),
                authorizations.getFirst());
        assertTrue(authorizations.getFirst().contains("/eu-central-1/s3/aws4_request"), authorizations.getFirst());
        assertEquals("UNSIGNED-PAYLOAD", payloadHashes.getFirst());
    }

    @Test
    void retriesAThrottledGetByTheSdksStrategyAndCountsTheRetries() throws IOException {
        answers.add(new Answer(503, error("SlowDown", "Please reduce your request rate.")));
        answers.add(new Answer(500, error("InternalError", "We encountered an internal error.")));
        answers.add(new Answer(200, "at last"));

        try (InputStream body = get.open("bucket", "key")) {
            assertEquals("at last", new String(body.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals(3, paths.size(), "three attempts");
        assertEquals(2, retries.retries(DirectGetObject.OPERATION));
        assertEquals(3, endpointStats.snapshot(1).requests(), "every attempt is a request to the endpoint");
        assertEquals(2, endpointStats.snapshot(1).failedRequests());
        assertEquals(3, endpointStats.snapshot(1).latencyMicros().getTotalCount());
    }

    @Test
    void aRefusalIsTheSdksS3ExceptionWithItsCodeAndIsNotRetried() {
        answers.add(new Answer(403, error("AccessDenied", "Access Denied.")));

        S3Exception refused = assertThrows(S3Exception.class, () -> get.open("bucket", "key"));

        assertEquals(403, refused.statusCode());
        assertEquals("AccessDenied", refused.awsErrorDetails().errorCode());
        assertEquals("Access Denied.", refused.awsErrorDetails().errorMessage());
        assertEquals(1, paths.size(), "a client error is final");
        assertEquals(0, retries.retries(DirectGetObject.OPERATION));
    }

    @Test
    void givesUpAfterTheLastAttemptWithTheLastFailure() {
        for (int i = 0; i < 3; i++) {
            answers.add(new Answer(503, error("SlowDown", "attempt " + i)));
        }

        S3Exception failure = assertThrows(S3Exception.class, () -> get.open("bucket", "key"));

        assertEquals("attempt 2", failure.awsErrorDetails().errorMessage());
        assertEquals(3, paths.size());
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
