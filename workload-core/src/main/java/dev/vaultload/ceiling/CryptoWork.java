package dev.vaultload.ceiling;

import dev.vaultload.engine.CipherSuite;
import java.util.Optional;

/**
 * The crypto work whose speed on one core makes this machine's ceiling: each cipher suite's encryption and decryption
 * and the SHA-256 that verifies every read.
 */
public enum CryptoWork {
    AES256_GCM_ENCRYPT(CipherSuite.AES256_GCM, true, "AES-256-GCM encrypt"),
    AES256_GCM_DECRYPT(CipherSuite.AES256_GCM, false, "AES-256-GCM decrypt"),
    AES256_CBC_ENCRYPT(CipherSuite.AES256_CBC, true, "AES-256-CBC encrypt"),
    AES256_CBC_DECRYPT(CipherSuite.AES256_CBC, false, "AES-256-CBC decrypt"),
    CHACHA20_POLY1305_ENCRYPT(CipherSuite.CHACHA20_POLY1305, true, "ChaCha20-Poly1305 encrypt"),
    CHACHA20_POLY1305_DECRYPT(CipherSuite.CHACHA20_POLY1305, false, "ChaCha20-Poly1305 decrypt"),
    SHA256(null, false, "SHA-256");

    private final CipherSuite cipher;
    private final boolean encrypts;
    private final String label;

    CryptoWork(CipherSuite cipher, boolean encrypts, String label) {
        this.cipher = cipher;
        this.encrypts = encrypts;
        this.label = label;
    }

    /** As people write it, e.g. {@code AES-256-GCM decrypt}. */
    public String label() {
        return label;
    }

    /** The cipher suite this work is part of; null for SHA-256. */
    CipherSuite cipher() {
        return cipher;
    }

    boolean encrypts() {
        return encrypts;
    }

    /** Encrypting with a cipher suite; empty for NONE. */
    public static Optional<CryptoWork> encryption(CipherSuite suite) {
        return of(suite, true);
    }

    /** Decrypting with a cipher suite; empty for NONE. */
    public static Optional<CryptoWork> decryption(CipherSuite suite) {
        return of(suite, false);
    }

    private static Optional<CryptoWork> of(CipherSuite suite, boolean encrypting) {
        for (CryptoWork work : values()) {
            if (work.cipher == suite && work.encrypts == encrypting && suite != null) {
                return Optional.of(work);
            }
        }
        return Optional.empty();
    }
}
