package dev.vaultload.vault;

import dev.vaultload.kms.DataKey;
import dev.vaultload.kms.KeyManager;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Data keys of one purpose from a key manager, under the KMS key the settings name: each wrapped key is bound to its
 * purpose by the KMS context, so a document's wrapped key does not open as a keystore's. Shared by documents' keys
 * ({@link KmsDocumentKeys}) and keystores' ({@link KeystoreFile} with {@link KmsKeys#KEYSTORE}). Thread-safe.
 */
final class KmsDataKeys {
    private final KeyManager kms;
    private final byte[] context;

    /** @param purpose the context every wrapped key carries, e.g. {@code vaultload-document-key} */
    KmsDataKeys(KeyManager kms, String purpose) {
        this.kms = kms;
        this.context = purpose.getBytes(StandardCharsets.UTF_8);
    }

    /** A new data key: one GenerateDataKey. */
    DataKey generate() {
        return kms.generateDataKey(kms.keyId(), context);
    }

    /** The plaintext of a data key {@link #generate} wrapped: one Decrypt. */
    byte[] open(byte[] wrapped) {
        return kms.decrypt(kms.keyId(), wrapped, context);
    }

    /** Where the key is, for messages: the KMS, its endpoint and the key id; no key material. */
    String describe() {
        return kms.description() + ", key '" + kms.keyId() + "'";
    }

    /** HMAC-SHA256(dataKey, message): a working key that derives from a data key and something of its own. */
    static byte[] derive(byte[] dataKey, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(dataKey, "HmacSHA256"));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("deriving a key from a data key failed: " + e.getClass().getName(), e);
        }
    }
}
