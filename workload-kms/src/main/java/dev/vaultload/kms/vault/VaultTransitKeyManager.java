package dev.vaultload.kms.vault;

import dev.vaultload.kms.DataKey;
import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.kms.http.HttpOptions;
import dev.vaultload.kms.http.JsonCalls;
import dev.vaultload.kms.http.KeyEndpoints;
import dev.vaultload.storage.BlobStoreException.Kind;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;

/**
 * Vault's transit engine at {@code /v1/transit}: {@code datakey/plaintext/KEY}, {@code encrypt/KEY},
 * {@code decrypt/KEY}, one call per operation, the token in {@code X-Vault-Token}. The key is a derived one
 * ({@code derived=true}): Vault derives a key per context, so a ciphertext opens only under the context it was made
 * with. A derived key needs a context on every call, and "none" must be one too: Vault gets {@link #CONTEXT_PREFIX}
 * followed by the caller's context, which keeps distinct contexts distinct. ({@code associated_data} would bind a
 * context without derivation, but datakey does not take it, and a data key must open as data does.)
 */
final class VaultTransitKeyManager implements KeyManager {
    static final byte[] CONTEXT_PREFIX = "vaultload:".getBytes(StandardCharsets.UTF_8);

    private final URI url;
    private final String token;
    private final String keyName;
    private final JsonCalls calls;
    private final KeyEndpoints endpoints;

    VaultTransitKeyManager(URI url, String token, String keyName, SSLContext tls, HttpOptions options) {
        this.url = url;
        this.token = token;
        this.keyName = keyName;
        this.endpoints = new KeyEndpoints(url, "/v1/transit/");
        this.calls = new JsonCalls(tls, options, "vault-deadlines-" + url.getPort(), TransitMessages::reason);
    }

    @Override
    public String description() {
        return "Vault transit at " + url;
    }

    @Override
    public String keyId() {
        return keyName;
    }

    @Override
    public DataKey generateDataKey(String keyId, byte[] context) {
        TransitMessages.Data answer = call("datakey/plaintext", keyId,
                new TransitMessages.DataKeyRequest(vaultContext(context)));
        return new DataKey(answer.plaintext(), ciphertextBytes(answer, "datakey", keyId));
    }

    @Override
    public byte[] encrypt(String keyId, byte[] plaintext, byte[] context) {
        TransitMessages.Data answer = call("encrypt", keyId,
                new TransitMessages.EncryptRequest(plaintext, vaultContext(context)));
        return ciphertextBytes(answer, "encrypt", keyId);
    }

    @Override
    public byte[] decrypt(String keyId, byte[] ciphertext, byte[] context) {
        TransitMessages.Data answer = call("decrypt", keyId, new TransitMessages.DecryptRequest(
                new String(ciphertext, StandardCharsets.UTF_8), vaultContext(context)));
        if (answer.plaintext() == null) {
            throw new KeyManagerException(Kind.SERVER, what("decrypt", keyId) + ": the answer holds no plaintext");
        }
        return answer.plaintext();
    }

    @Override
    public void close() {
        calls.close();
    }

    /** The context Vault derives the key from: the prefix, then the caller's (which may be empty). */
    static byte[] vaultContext(byte[] context) {
        byte[] prefixed = new byte[CONTEXT_PREFIX.length + context.length];
        System.arraycopy(CONTEXT_PREFIX, 0, prefixed, 0, CONTEXT_PREFIX.length);
        System.arraycopy(context, 0, prefixed, CONTEXT_PREFIX.length, context.length);
        return prefixed;
    }

    /** Vault's ciphertext text as the bytes a caller stores. */
    private byte[] ciphertextBytes(TransitMessages.Data answer, String operation, String keyId) {
        if (answer.ciphertext() == null) {
            throw new KeyManagerException(Kind.SERVER, what(operation, keyId) + ": the answer holds no ciphertext");
        }
        return answer.ciphertext().getBytes(StandardCharsets.UTF_8);
    }

    private TransitMessages.Data call(String operation, String keyId, Object body) {
        TransitMessages.Answer answer = calls.post(
                HttpRequest.newBuilder(endpoints.of(operation, keyId)).header("X-Vault-Token", token), body,
                TransitMessages.Answer.class, () -> what(operation, keyId));
        if (answer.data() == null) {
            throw new KeyManagerException(Kind.SERVER, what(operation, keyId) + ": the answer holds no data");
        }
        return answer.data();
    }

    /** The call as a failure's message names it. */
    private String what(String operation, String keyId) {
        return description() + ": " + operation + " with key '" + keyId + "'";
    }
}
