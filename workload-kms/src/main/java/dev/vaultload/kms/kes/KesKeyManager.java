package dev.vaultload.kms.kes;

import dev.vaultload.kms.DataKey;
import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.http.HttpOptions;
import dev.vaultload.kms.http.JsonCalls;
import dev.vaultload.kms.http.KeyEndpoints;
import java.net.URI;
import java.net.http.HttpRequest;
import javax.net.ssl.SSLContext;

/** KES's key API (v1): {@code POST /v1/key/generate|encrypt|decrypt/KEY}, one call per operation. */
final class KesKeyManager implements KeyManager {
    private final URI url;
    private final String keyName;
    private final JsonCalls calls;
    private final KeyEndpoints endpoints;

    KesKeyManager(URI url, String keyName, SSLContext tls, HttpOptions options) {
        this.url = url;
        this.keyName = keyName;
        this.endpoints = new KeyEndpoints(url, "/v1/key/");
        // KES's text of a refusal: {"message": ...} (v0.24), {"error": ...} (older); never key material
        this.calls = new JsonCalls(tls, options, "kes-deadlines-" + url.getPort(),
                answer -> answer.path("message").asText(answer.path("error").asText("")));
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
        calls.close();
    }

    private <T> T call(String operation, String keyId, Object body, Class<T> answerType) {
        return calls.post(HttpRequest.newBuilder(endpoints.of(operation, keyId)), body, answerType,
                () -> description() + ": " + operation + " with key '" + keyId + "'");
    }
}
