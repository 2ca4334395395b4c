package dev.vaultload.s3;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;

/**
 * An HTTP server on 127.0.0.1 that answers each request with the next scripted answer (500 when none is left) and
 * keeps what it received, and the direct requests aimed at it (three attempts): for the tests of
 * {@link DirectGetObject} and {@link DirectPutObject}.
 */
final class ScriptedS3Server implements AutoCloseable {

    /** What one request carried. */
    record Received(String method, String path, String authorization, String payloadHash, String checksum,
                    String contentLength, byte[] body) {
    }

    private record Answer(int status, String body) {
    }

    final RetryCounter retries = new RetryCounter();
    final EndpointStats endpointStats = new EndpointStats("scripted");
    private final Deque<Answer> answers = new ArrayDeque<>();
    private final List<Received> received = new ArrayList<>();
    private final HttpServer server;
    private final PooledTransport transport;
    private final DirectRequests requests;

    ScriptedS3Server() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.start();
        URI endpoint = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        transport = new PooledTransport(endpoint, 4, S3Timeouts.DEFAULT, null);
        requests = new DirectRequests(transport, endpoint, "eu-central-1",
                StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDEXAMPLE", "not-a-real-secret")),
                AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(3).build(), retries, endpointStats);
    }

    DirectRequests requests() {
        return requests;
    }

    /** The next request is answered with {@code status} and {@code body}. */
    synchronized void willAnswer(int status, String body) {
        answers.add(new Answer(status, body));
    }

    synchronized List<Received> received() {
        return List.copyOf(received);
    }

    /** An S3 error document. */
    static String error(String code, String message) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code + "</Code><Message>" + message
                + "</Message></Error>";
    }

    private synchronized void answer(HttpExchange exchange) throws IOException {
        var headers = exchange.getRequestHeaders();
        received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                headers.getFirst("Authorization"), headers.getFirst("x-amz-content-sha256"),
                headers.getFirst(DirectPutObject.CHECKSUM_HEADER), headers.getFirst("Content-Length"),
                exchange.getRequestBody().readAllBytes()));
        Answer answer = answers.isEmpty() ? new Answer(500, "") : answers.removeFirst();
        byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    @Override
    public void close() {
        transport.close();
        server.stop(0);
    }
}
