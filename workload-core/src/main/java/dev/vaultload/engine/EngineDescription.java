package dev.vaultload.engine;

/**
 * An engine as the reports name it.
 *
 * @param engine           the binding's name in ENGINES, e.g. {@code VAULTLOAD}
 * @param cipher           document encryption; NONE is the unencrypted baseline
 * @param keyPairAlgorithm how shares reach their recipients, e.g. {@code EC_P256}
 * @param kdfIterations    PBKDF2 iterations protecting each keystore
 * @param keyManager       the key manager in the loop and what it protects, e.g. {@code KES DOCUMENT keys (cache
 *                         USER)}; null when the engine calls none (and in results from before)
 */
public record EngineDescription(String engine, CipherSuite cipher, String keyPairAlgorithm, int kdfIterations,
                                String keyManager) {

    /** An engine that calls no key manager. */
    public EngineDescription(String engine, CipherSuite cipher, String keyPairAlgorithm, int kdfIterations) {
        this(engine, cipher, keyPairAlgorithm, kdfIterations, null);
    }
}
