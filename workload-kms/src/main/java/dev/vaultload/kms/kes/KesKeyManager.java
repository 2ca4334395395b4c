package dev.vaultload.kms.kes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.kms.DataKey;
import dev.vaultload.kms.FailureKinds;
import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.storage.BlobStoreException.Kind;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * KES's key API (v1) over the JDK's HTTP client: {@code POST /v1/key/generate|encrypt|decrypt/KEY}, one call per
 * operation, no retry (a pressure run counts every refusal). The client negotiates HTTP/2 where KES offers it, so
 * every thread's calls share one TLS connection.
 */
final class KesKeyManager implements KeyManager {
    private static final int OK = 200;
    /** Enough of a refusal's text for a message line. */
    private static final int MAX_REASON_CHARS = 200;

    private final URI url;
    private final String keyName;
    private final Duration timeout;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();

    KesKeyManager(URI url, String keyName, SSLContext tls, Duration timeout) {
        this.url = url;
        this.keyName = keyName;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().sslContext(tls).connectTimeout(timeout).build();
    }

    @Override
    public String description() {
        return "KES at " + url;
    }

    @Override
    public String keyId() {
        return keyName;
    }

    @Override
    public DataKey generateDataKey(String keyId, byte[] context) {
        KesMessages.GenerateResponse answer = call("generate", keyId, new KesMessages.GenerateRequest(context),
                KesMessages.GenerateResponse.class);
        return new DataKey(answer.plaintext(), answer.ciphertext());
    }

    @Override
    public byte[] encrypt(String keyId, byte[] plaintext, byte[] context) {
        return call("encrypt", keyId, new KesMessages.EncryptRequest(plaintext, context),
                KesMessages.EncryptResponse.class).ciphertext();
    }

    @Override
    public byte[] decrypt(String keyId, byte[] ciphertext, byte[] context) {
        return call("decrypt", keyId, new KesMessages.DecryptRequest(ciphertext, context),
                KesMessages.DecryptResponse.class).plaintext();
    }

    @Override
    public void close() {
        http.close();
    }

    private <T> T call(String operation, String keyId, Object body, Class<T> answerType) {
        String what = description() + ": " + operation + " with key '" + keyId + "'";
        HttpResponse<byte[]> response;
        try {
            HttpRequest request = HttpRequest.newBuilder(url.resolve("/v1/key/" + operation + "/" + pathSegment(keyId)))
                    .timeout(timeout).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body))).build();
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new KeyManagerException(FailureKinds.ofTransport(e), what + " failed: " + FailureKinds.describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KeyManagerException(Kind.OTHER, what + " interrupted", e);
        }
        if (response.statusCode() != OK) {
            throw new KeyManagerException(FailureKinds.ofStatus(response.statusCode()), what + " refused: HTTP "
                    + response.statusCode() + " " + reason(response.body()));
        }
        try {
            return json.readValue(response.body(), answerType);
        } catch (IOException e) {
            // the type only: a parser's message quotes the answer, which may hold a key
            throw new KeyManagerException(Kind.SERVER, what + ": unreadable answer (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** KES's text of a refusal: {@code {"message": ...}} (v0.24), {@code {"error": ...}} (older); never key material. */
    private String reason(byte[] body) {
        try {
            JsonNode answer = json.readTree(body);
            String text = answer.path("message").asText(answer.path("error").asText(""));
            return text.length() > MAX_REASON_CHARS ? text.substring(0, MAX_REASON_CHARS) + "..." : text;
        } catch (IOException e) {
            return "(no JSON reason)";
        }
    }

    private static String pathSegment(String keyId) {
        return URLEncoder.encode(keyId, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
