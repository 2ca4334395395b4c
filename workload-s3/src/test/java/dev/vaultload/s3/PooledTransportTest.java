package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The direct GET's transport against a scripted HTTP server on 127.0.0.1: which bodies give their connection back
 * for reuse, which close it, and what a refused connection is.
 */
class PooledTransportTest {
    private static final byte[] SMALL = "a small object".getBytes();
    private static final byte[] LARGE = new byte[4 << 20];

    /** The client ports the server saw: one per TCP connection. */
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private volatile String lastHost;
    private volatile String lastAuthorization;
    private HttpServer server;
    private PooledTransport transport;

    @BeforeEach
    void start() throws IOException {
        Arrays.fill(LARGE, (byte) 7);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            byte[] body = exchange.getRequestURI().getPath().equals("/large") ? LARGE : SMALL;
            if (exchange.getRequestURI().getPath().equals("/closing")) {
                exchange.getResponseHeaders().add("Connection", "close");
            }
            lastHost = exchange.getRequestHeaders().getFirst("Host");
            lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
            exchange.sendResponseHeaders(200, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            } catch (IOException clientWentAway) {
                // the early-close test closes mid-body
            }
        });
        server.start();
        transport = new PooledTransport(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), 4, S3Timeouts.DEFAULT, null);
    }

    @AfterEach
    void stop() {
        transport.close();
        server.stop(0);
    }

    @Test
    void aBodyReadToItsEndGivesItsConnectionBackForTheNextGet() throws IOException {
        for (int i = 0; i < 3; i++) {
            PooledTransport.Response response = transport.get("/small", Map.of("Authorization", "signed"));
            assertEquals(200, response.status());
            try (InputStream body = response.body()) {
                assertArrayEquals(SMALL, body.readAllBytes());
            }
            assertEquals(1, transport.idleConnections());
        }
        assertEquals(1, clientPorts.size(), "three GETs on one connection: " + clientPorts);
    }

    @Test
    void aBodyReadToItsContentLengthIsAtItsEndWithoutReadingMinusOne() throws IOException {
        for (int i = 0; i < 2; i++) {
            try (InputStream body = transport.get("/small", Map.of()).body()) {
                assertArrayEquals(SMALL, body.readNBytes(SMALL.length));
            }
        }
        assertEquals(1, clientPorts.size(), "a reader that stops at the length keeps the connection: " + clientPorts);
    }

    @Test
    void aBodyClosedBeforeItsEndClosesItsConnectionInsteadOfDrainingIt() throws IOException {
        try (InputStream body = transport.get("/large", Map.of()).body()) {
            assertEquals(7, body.read());
        }
        assertEquals(0, transport.idleConnections(), "the rest of a 4 MiB body is not read to keep a connection");
        try (InputStream body = transport.get("/small", Map.of()).body()) {
            assertArrayEquals(SMALL, body.readAllBytes());
        }
        assertEquals(2, clientPorts.size(), "the next GET opened a new connection: " + clientPorts);
    }

    @Test
    void aConnectionTheServerClosesIsNotReused() throws IOException {
        for (int i = 0; i < 3; i++) {
            try (InputStream body = transport.get("/closing", Map.of()).body()) {
                assertArrayEquals(SMALL, body.readAllBytes(), "GET " + i + " after the server closed the last connection");
            }
            assertEquals(0, transport.idleConnections());
        }
        assertEquals(3, clientPorts.size(), "one connection per answer with Connection: close: " + clientPorts);
    }

    @Test
    void sendsTheHostHeaderAndTheGivenHeaders() throws IOException {
        transport.get("/small", Map.of("Authorization", "AWS4-HMAC-SHA256 x")).body().close();
        assertEquals("127.0.0.1:" + server.getAddress().getPort(), lastHost);
        assertEquals("AWS4-HMAC-SHA256 x", lastAuthorization);
    }

    @Test
    void aServerThatNeverAnswersIsASocketTimeout() throws IOException {
        S3Timeouts shortSocket = new S3Timeouts(5_000, 300, 60_000, 180_000);
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             PooledTransport toSilent = new PooledTransport(URI.create("http://127.0.0.1:" + silent.getLocalPort()), 1,
                     shortSocket, null)) {
            // the backlog accepts the connection; nobody reads the request or answers it
            assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(SocketTimeoutException.class, () -> toSilent.get("/small", Map.of())));
            assertEquals(0, toSilent.idleConnections());
        }
    }

    @Test
    void aRefusedConnectionIsAConnectException() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        try (PooledTransport refused = new PooledTransport(URI.create("http://127.0.0.1:" + closedPort), 1, S3Timeouts.DEFAULT, null)) {
            assertThrows(ConnectException.class, () -> refused.get("/small", Map.of()));
            assertEquals(0, refused.idleConnections());
        }
    }
}
