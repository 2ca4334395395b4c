package dev.vaultload.kms.pkcs11;

import dev.vaultload.kms.DataKey;
import dev.vaultload.kms.FailureKinds;
import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.storage.BlobStoreException.Kind;
import java.security.GeneralSecurityException;
import java.security.ProviderException;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Data keys and small data under an AES key that never leaves the token: AES/GCM/NoPadding inside the token, the
 * context as associated data, a fresh 12-byte IV from the token's random source before each ciphertext (IV, then
 * ciphertext and 16-byte tag). A data key is 32 bytes of the token's random source, encrypted so. GCM in
 * ENCRYPT_MODE, not a key wrap: SunPKCS11 has no AES/KW that works with SoftHSM2, nor GCM in WRAP_MODE. A ciphertext
 * altered, under another context or another key is refused CLIENT, as a KMS refuses it; a failure of the token itself
 * is SERVER. Calls are in-process: KMS_TIMEOUT does not apply.
 */
final class Pkcs11KeyManager implements KeyManager {
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final int DATA_KEY_BYTES = 32;

    private final Pkcs11Token token;
    private final String keyLabel;
    private final AtomicBoolean closed = new AtomicBoolean();

    Pkcs11KeyManager(Pkcs11Token token, String keyLabel) {
        this.token = token;
        this.keyLabel = keyLabel;
    }

    @Override
    public String description() {
        return "PKCS11 token at " + token.where();
    }

    @Override
    public String keyId() {
        return keyLabel;
    }

    @Override
    public DataKey generateDataKey(String keyId, byte[] context) {
        SecretKey key = key("generate", keyId);
        byte[] plaintext = random("generate", keyId, DATA_KEY_BYTES);
        return new DataKey(plaintext, seal("generate", keyId, key, plaintext, context));
    }

    @Override
    public byte[] encrypt(String keyId, byte[] plaintext, byte[] context) {
        return seal("encrypt", keyId, key("encrypt", keyId), plaintext, context);
    }

    @Override
    public byte[] decrypt(String keyId, byte[] ciphertext, byte[] context) {
        SecretKey key = key("decrypt", keyId);
        if (ciphertext.length < IV_BYTES + TAG_BITS / Byte.SIZE) {
            throw new KeyManagerException(Kind.CLIENT, what("decrypt", keyId) + " refused: " + ciphertext.length
                    + " bytes are no ciphertext of this binding (IV, ciphertext and tag)");
        }
        try {
            Cipher gcm = token.gcm();
            gcm.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, ciphertext, 0, IV_BYTES));
            gcm.updateAAD(context);
            return gcm.doFinal(ciphertext, IV_BYTES, ciphertext.length - IV_BYTES);
        } catch (AEADBadTagException e) {
            throw new KeyManagerException(Kind.CLIENT, what("decrypt", keyId) + " refused: the ciphertext is not"
                    + " authentic (altered, or under another key or context)", e);
        } catch (GeneralSecurityException | ProviderException e) {
            throw tokenFailed("decrypt", keyId, e);
        }
    }

    /** Releases the token's login (the last key manager on it logs out); once. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            Pkcs11Tokens.release(token);
        }
    }

    private byte[] seal(String operation, String keyId, SecretKey key, byte[] plaintext, byte[] context) {
        byte[] iv = random(operation, keyId, IV_BYTES);
        try {
            Cipher gcm = token.gcm();
            gcm.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            gcm.updateAAD(context);
            byte[] sealed = new byte[IV_BYTES + gcm.getOutputSize(plaintext.length)];
            System.arraycopy(iv, 0, sealed, 0, IV_BYTES);
            gcm.doFinal(plaintext, 0, plaintext.length, sealed, IV_BYTES);
            return sealed;
        } catch (GeneralSecurityException | ProviderException e) {
            throw tokenFailed(operation, keyId, e);
        }
    }

    private SecretKey key(String operation, String keyId) {
        try {
            return token.key(keyId).orElseThrow(() -> new KeyManagerException(Kind.CLIENT, what(operation, keyId)
                    + " refused: the token holds no AES key with this label"));
        } catch (ProviderException e) {
            throw tokenFailed(operation, keyId, e);
        }
    }

    private byte[] random(String operation, String keyId, int bytes) {
        byte[] random = new byte[bytes];
        try {
            token.random().nextBytes(random);
        } catch (ProviderException e) {
            throw tokenFailed(operation, keyId, e);
        }
        return random;
    }

    /** The token failed (a PKCS#11 error code, no session): SERVER, the token's own text, never key material. */
    private KeyManagerException tokenFailed(String operation, String keyId, Exception failure) {
        return new KeyManagerException(Kind.SERVER, what(operation, keyId) + " failed: "
                + FailureKinds.describe(FailureKinds.rootCause(failure)), failure);
    }

    /** The call as a failure's message names it. */
    private String what(String operation, String keyId) {
        return description() + ": " + operation + " with key '" + keyId + "'";
    }
}
