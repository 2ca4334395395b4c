package dev.vaultload.vault;

import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.util.Arrays;
import javax.crypto.SecretKey;

/** Identifiers that CMS recipient infos carry: truncated SHA-256 hashes, so they reveal nothing of the key. */
final class KeyIds {

    private static final int ID_BYTES = 20;

    private KeyIds() {
    }

    /** KEK identifier of a document key-encryption key; domain-separated from any other use of the key. */
    static byte[] ofKek(SecretKey kek) {
        byte[] encoded = kek.getEncoded();
        try {
            return hash("vaultload document KEK id".getBytes(StandardCharsets.US_ASCII), encoded);
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    /** Subject key identifier of an inbox public key: hash of its X.509 SubjectPublicKeyInfo. */
    static byte[] ofPublicKey(PublicKey key) {
        return hash(key.getEncoded());
    }

    private static byte[] hash(byte[]... parts) {
        return Arrays.copyOf(Sha256.of(parts), ID_BYTES);
    }
}
