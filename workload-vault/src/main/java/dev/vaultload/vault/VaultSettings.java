package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineOptions;
/**
 * How a vault encrypts, for its construction and for reports.
 *
 * @param cipher                  content encryption of documents
 * @param keyPairAlgorithm        the inbox key pair
 * @param kdfIterations           PBKDF2-HMAC-SHA512 iterations protecting each keystore
 * @param unlockedKeystoreCacheSize how many unlocked keystores are kept in memory
 */
public record VaultSettings(CipherSuite cipher, KeyPairAlgorithm keyPairAlgorithm, int kdfIterations,
                            int unlockedKeystoreCacheSize) {

    public static VaultSettings defaults() {
        return of(EngineOptions.defaults());
    }

    /**
     * The harness's options and INBOX_KEY_ALGORITHM ({@link VaultEngineSettings}), whose default X25519 is a key
     * agreement like Datasafe's P-256 at a lower cost per recipient (see
     * docs/measurements/2026-11-23-keystore-and-share-costs.md).
     */
    public static VaultSettings of(EngineOptions options) {
        return new VaultSettings(options.cipher(), VaultEngineSettings.INBOX_KEY_ALGORITHM.read(options.settings()),
                options.kdfIterations(), 1024);
    }

    public VaultSettings {
        if (kdfIterations < 1) {
            throw new IllegalArgumentException("kdfIterations must be >= 1, got " + kdfIterations);
        }
        if (unlockedKeystoreCacheSize < 1) {
            throw new IllegalArgumentException("unlockedKeystoreCacheSize must be >= 1, got " + unlockedKeystoreCacheSize);
        }
    }

    public VaultSettings withCipher(CipherSuite newCipher) {
        return new VaultSettings(newCipher, keyPairAlgorithm, kdfIterations, unlockedKeystoreCacheSize);
    }

    public VaultSettings withKdfIterations(int newKdfIterations) {
        return new VaultSettings(cipher, keyPairAlgorithm, newKdfIterations, unlockedKeystoreCacheSize);
    }
}
