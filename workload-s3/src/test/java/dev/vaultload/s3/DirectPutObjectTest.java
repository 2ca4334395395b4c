package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The direct PutObject against a scripted HTTP server on 127.0.0.1 (the S3 contract tests run it against the embedded
 * server, MinIO and Ceph): what it sends, how it retries, what an error becomes.
 */
class DirectPutObjectTest {
    private record Answer(int status, String body) {
    }

    private record Received(String method, String path, String payloadHash, String checksum, String contentLength, byte[] body) {
    }

    private final Deque<Answer> answers = new ArrayDeque<>();
    private final List<Received> received = new ArrayList<>();
    private final RetryCounter retries = new RetryCounter();
    private final EndpointStats endpointStats = new EndpointStats("scripted");
    private HttpServer server;
    private PooledTransport transport;
    private DirectPutObject put;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.start();
        URI endpoint = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        transport = new PooledTransport(endpoint, 4, S3Timeouts.DEFAULT, null);
        put = new DirectPutObject(new DirectRequests(transport, endpoint, "eu-central-1",
                StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDEXAMPLE", "not-a-real-secret")),
                AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(3).build(), retries, endpointStats));
    }

    @AfterEach
    void stop() {
        transport.close();
        server.stop(0);
    }

    private synchronized void answer(HttpExchange exchange) throws IOException {
        var headers = exchange.getRequestHeaders();
        received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                headers.getFirst("x-amz-content-sha256"), headers.getFirst(DirectPutObject.CHECKSUM_HEADER),
                headers.getFirst("Content-Length"), exchange.getRequestBody().readAllBytes()));
        Answer answer = answers.isEmpty() ? new Answer(500, "") : answers.removeFirst();
        byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    @Test
    void sendsTheBufferedBodyUnsignedWithItsCrc32c() {
        byte[] content = randomBytes(3 * PartBuffer.BLOCK_BYTES + 17);
        answers.add(new Answer(200, ""));

        put.put("bucket", "alice/a b.bin", buffered(content));

        Received request = received.getFirst();
        assertEquals("PUT", request.method());
        assertEquals("/bucket/alice/a%20b.bin", request.path());
        assertEquals("UNSIGNED-PAYLOAD", request.payloadHash());
        assertEquals(crc32cBase64(content), request.checksum());
        assertEquals(Integer.toString(content.length), request.contentLength());
        assertArrayEquals(content, request.body());
    }

    @Test
    void anEmptyObjectIsAnEmptyBodyWithTheEmptyChecksum() {
        answers.add(new Answer(200, ""));

        put.put("bucket", "empty", new PartBuffer());

        assertEquals(0, received.getFirst().body().length);
        assertEquals("0", received.getFirst().contentLength());
        assertEquals(crc32cBase64(new byte[0]), received.getFirst().checksum());
    }

    @Test
    void aRetrySendsTheWholeBodyAgain() {
        byte[] content = randomBytes(PartBuffer.BLOCK_BYTES + 1);
        answers.add(new Answer(503, error("SlowDown", "Please reduce your request rate.")));
        answers.add(new Answer(200, ""));

        put.put("bucket", "key", buffered(content));

        assertEquals(2, received.size());
        assertArrayEquals(content, received.get(1).body());
        assertEquals(1, retries.retries(DirectPutObject.OPERATION));
    }

    @Test
    void aRefusedChecksumIsTheSdksS3ExceptionAndIsNotRetried() {
        answers.add(new Answer(400, error("XAmzContentChecksumMismatch", "The provided 'x-amz-checksum' header does not match what was computed.")));

        S3Exception refused = assertThrows(S3Exception.class, () -> put.put("bucket", "key", buffered(randomBytes(10))));

        assertEquals(400, refused.statusCode());
        assertEquals("XAmzContentChecksumMismatch", refused.awsErrorDetails().errorCode());
        assertEquals(1, received.size(), "a client error is final");
    }

    static PartBuffer buffered(byte[] content) {
        PartBuffer buffer = new PartBuffer();
        buffer.write(content, 0, content.length);
        return buffer;
    }

    static String crc32cBase64(byte[] content) {
        CRC32C crc = new CRC32C();
        crc.update(content);
        return Base64.getEncoder().encodeToString(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    private static byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        return bytes;
    }

    private static String error(String code, String message) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code + "</Code><Message>" + message
                + "</Message></Error>";
    }
}
