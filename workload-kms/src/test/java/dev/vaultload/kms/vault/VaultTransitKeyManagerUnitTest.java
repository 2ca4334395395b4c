package dev.vaultload.kms.vault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.vaultload.kms.DataKey;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.kms.HttpExecutor;
import dev.vaultload.kms.http.HttpOptions;
import dev.vaultload.storage.BlobStoreException.Kind;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The binding's requests, answers and refusals against a stand-in that answers as Vault does, for what a real Vault
 * will not do on demand (refuse for rate, be sealed) and what it must be sent.
 */
class VaultTransitKeyManagerUnitTest {
    private static final String TOKEN = "hvs.not-a-real-token";
    private static final byte[] CONTEXT = "bucket/object-1".getBytes(StandardCharsets.UTF_8);

    private HttpServer server;
    private final AtomicReference<String> requestLine = new AtomicReference<>();
    private final AtomicReference<String> requestToken = new AtomicReference<>();
    private final AtomicReference<String> requestBody = new AtomicReference<>();
    private volatile int status = 200;
    private volatile String answer = "{}";

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requestLine.set(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            requestToken.set(exchange.getRequestHeaders().getFirst("X-Vault-Token"));
            requestBody.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private VaultTransitKeyManager kms() {
        return new VaultTransitKeyManager(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), TOKEN,
                "vaultload-key", null, new HttpOptions(Duration.ofSeconds(5), HttpClient.Version.HTTP_1_1,
                HttpExecutor.DIRECT));
    }

    @Test
    void dataKeyIsAskedWithTheTokenAndThePrefixedContextAndReadFromData() {
        answer = "{\"request_id\":\"r\",\"data\":{\"plaintext\":\"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\","
                + "\"ciphertext\":\"vault:v1:abc\",\"key_version\":1}}";
        try (VaultTransitKeyManager kms = kms()) {
            DataKey dataKey = kms.generateDataKey("vaultload-key", CONTEXT);
            byte[] expected = new byte[32];
            for (int i = 0; i < expected.length; i++) {
                expected[i] = (byte) i;
            }
            assertArrayEquals(expected, dataKey.plaintext());
            assertEquals("vault:v1:abc", new String(dataKey.ciphertext(), StandardCharsets.UTF_8));
        }
        assertEquals("POST /v1/transit/datakey/plaintext/vaultload-key", requestLine.get());
        assertEquals(TOKEN, requestToken.get());
        assertEquals("{\"context\":\"dmF1bHRsb2FkOmJ1Y2tldC9vYmplY3QtMQ==\"}", requestBody.get(),
                "Base64 of vaultload:bucket/object-1");
    }

    @Test
    void decryptSendsTheCiphertextAsVaultsText() {
        answer = "{\"data\":{\"plaintext\":\"aGk=\"}}";
        try (VaultTransitKeyManager kms = kms()) {
            assertArrayEquals("hi".getBytes(StandardCharsets.UTF_8),
                    kms.decrypt("vaultload-key", "vault:v1:abc".getBytes(StandardCharsets.UTF_8), new byte[0]));
        }
        assertEquals("POST /v1/transit/decrypt/vaultload-key", requestLine.get());
        assertEquals("{\"ciphertext\":\"vault:v1:abc\",\"context\":\"dmF1bHRsb2FkOg==\"}", requestBody.get(),
                "an empty context is the prefix alone");
    }

    @Test
    void contextsStayDistinctBehindThePrefix() {
        assertNotEquals(new String(VaultTransitKeyManager.vaultContext(new byte[0]), StandardCharsets.UTF_8),
                new String(VaultTransitKeyManager.vaultContext("vaultload:".getBytes(StandardCharsets.UTF_8)),
                        StandardCharsets.UTF_8));
    }

    @Test
    void refusalsAreCountedByStatusWithVaultsReasonAndNeverTheToken() {
        assertRefused(403, "{\"errors\":[\"permission denied\"]}", Kind.CLIENT, "HTTP 403 permission denied");
        assertRefused(429, "{\"errors\":[\"request path \\\"transit/encrypt\\\": rate limit quota exceeded\"]}",
                Kind.LIMIT_EXCEEDED, "rate limit quota exceeded");
        assertRefused(503, "{\"errors\":[\"Vault is sealed\"]}", Kind.SERVER, "HTTP 503 Vault is sealed");
        assertRefused(400, "{\"errors\":[\"encryption key not found\"]}", Kind.CLIENT, "encryption key not found");
        assertRefused(500, "not json", Kind.SERVER, "(no JSON reason)");
    }

    @Test
    void anAnswerWithoutDataIsServer() {
        answer = "{\"warnings\":[\"w\"]}";
        try (VaultTransitKeyManager kms = kms()) {
            KeyManagerException failed = assertThrows(KeyManagerException.class,
                    () -> kms.encrypt("vaultload-key", CONTEXT, CONTEXT));
            assertEquals(Kind.SERVER, failed.kind());
            assertTrue(failed.getMessage().endsWith("encrypt with key 'vaultload-key': the answer holds no data"),
                    failed.getMessage());
        }
    }

    private void assertRefused(int refusal, String body, Kind kind, String reason) {
        status = refusal;
        answer = body;
        try (VaultTransitKeyManager kms = kms()) {
            KeyManagerException failed = assertThrows(KeyManagerException.class,
                    () -> kms.generateDataKey("vaultload-key", CONTEXT));
            assertEquals(kind, failed.kind(), failed.getMessage());
            assertTrue(failed.getMessage().startsWith(kms.description()
                    + ": datakey/plaintext with key 'vaultload-key' refused: "), failed.getMessage());
            assertTrue(failed.getMessage().contains(reason), failed.getMessage());
            assertFalse(failed.getMessage().contains(TOKEN), failed.getMessage());
        }
    }
}
