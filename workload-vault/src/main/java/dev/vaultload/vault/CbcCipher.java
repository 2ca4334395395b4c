package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** AES-256-CBC with PKCS#7 padding on the JDK, initialised from a document's stream header. */
final class CbcCipher {

    static final int IV_BYTES = 16;
    /** Bytes passed to one Cipher.update: the JDK's CBC keeps at most a block between calls. */
    static final int SLICE_BYTES = 64 * 1024;

    private CbcCipher() {
    }

    static Cipher init(int mode, StreamHeader header) {
        if (header.nonce().length != IV_BYTES) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "document stream header: bad CBC IV");
        }
        Cipher cipher = CryptoProviders.jdkCipher("AES/CBC/PKCS5Padding");
        try {
            cipher.init(mode, new SecretKeySpec(header.streamKey(), "AES"), new IvParameterSpec(header.nonce()));
            return cipher;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CBC unavailable", e);
        }
    }
}
