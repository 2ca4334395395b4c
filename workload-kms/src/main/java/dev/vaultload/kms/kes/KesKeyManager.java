package dev.vaultload.kms.kes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.kms.DataKey;
import dev.vaultload.kms.FailureKinds;
import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.storage.BlobStoreException.Kind;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
    private final CallDeadlines deadlines;
    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, URI> endpoints = new ConcurrentHashMap<>();

    KesKeyManager(URI url, String keyName, SSLContext tls, Duration timeout) {
        this.url = url;
        this.keyName = keyName;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().sslContext(tls).connectTimeout(timeout).build();
        this.deadlines = new CallDeadlines(timeout, "kes-deadlines-" + url.getPort());
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
        deadlines.close();
        http.close();
    }

    private <T> T call(String operation, String keyId, Object body, Class<T> answerType) {
        HttpResponse<byte[]> response;
        try {
            // no request timeout of the client's own: CallDeadlines enforces KMS_TIMEOUT at a fraction of its cost
            HttpRequest request = HttpRequest.newBuilder(endpoint(operation, keyId))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body))).build();
            response = send(request);
        } catch (IOException e) {
            throw new KeyManagerException(FailureKinds.ofTransport(e), what(operation, keyId) + " failed: "
                    + FailureKinds.describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KeyManagerException(Kind.OTHER, what(operation, keyId) + " interrupted", e);
        } catch (TimeoutException e) {
            throw new KeyManagerException(Kind.TIMEOUT, what(operation, keyId) + " failed: no answer within "
                    + timeout.toMillis() + " ms (" + KmsSettings.KMS_TIMEOUT.name() + ")", e);
        }
        if (response.statusCode() != OK) {
            throw new KeyManagerException(FailureKinds.ofStatus(response.statusCode()), what(operation, keyId)
                    + " refused: HTTP " + response.statusCode() + " " + reason(response.body()));
        }
        try {
            return json.readValue(response.body(), answerType);
        } catch (IOException e) {
            // the type only: a parser's message quotes the answer, which may hold a key
            throw new KeyManagerException(Kind.SERVER, what(operation, keyId) + ": unreadable answer ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** The blocking send, ended by {@link CallDeadlines} after KMS_TIMEOUT as a {@link TimeoutException}. */
    private HttpResponse<byte[]> send(HttpRequest request) throws IOException, InterruptedException, TimeoutException {
        deadlines.start();
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            deadlines.done(); // an answer that came as its deadline passed is kept
            return response;
        } catch (InterruptedException | IOException e) {
            if (deadlines.done()) {
                TimeoutException timedOut = new TimeoutException(KmsSettings.KMS_TIMEOUT.name());
                timedOut.initCause(e);
                throw timedOut;
            }
            throw e;
        } catch (RuntimeException e) {
            deadlines.done();
            throw e;
        }
    }

    /** The call's URL, made once per operation and key: a pressure run makes the same call thousands of times a second. */
    private URI endpoint(String operation, String keyId) {
        return endpoints.computeIfAbsent(operation + "/" + keyId,
                path -> url.resolve("/v1/key/" + operation + "/" + pathSegment(keyId)));
    }

    /** The call as a failure's message names it. */
    private String what(String operation, String keyId) {
        return description() + ": " + operation + " with key '" + keyId + "'";
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
