package dev.vaultload.engine;

/**
 * An engine as the reports name it.
 *
 * @param engine           the binding's name in ENGINES, e.g. {@code VAULTLOAD}
 * @param cipher           document encryption; NONE is the unencrypted baseline
 * @param keyPairAlgorithm how shares reach their recipients, e.g. {@code EC_P256}
 * @param kdfIterations    PBKDF2 iterations protecting each keystore
 */
public record EngineDescription(String engine, CipherSuite cipher, String keyPairAlgorithm, int kdfIterations) {
}
