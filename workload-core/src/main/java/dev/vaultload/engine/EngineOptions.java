package dev.vaultload.engine;

import java.util.function.Function;

/**
 * The settings every engine is built with (CIPHER, KDF_ITERATIONS), and the lookup of the others. An engine that
 * cannot honour one says so in {@link EngineFactory#check}, before the run starts.
 *
 * @param cipher        document encryption
 * @param kdfIterations PBKDF2 iterations protecting each keystore
 * @param settings      any setting by name, null when unset: an engine's own (DATASAFE_STORAGE), and the storage
 *                      provider's direct access first (AWS_URL, ...: see StorageProvider#directAccess)
 */
public record EngineOptions(CipherSuite cipher, int kdfIterations, Function<String, String> settings) {
    /** OWASP's 2023 figure for PBKDF2-HMAC-SHA512. */
    public static final int DEFAULT_KDF_ITERATIONS = 210_000;

    public EngineOptions {
        if (kdfIterations < 1) {
            throw new IllegalArgumentException("kdfIterations must be >= 1, got " + kdfIterations);
        }
    }

    /** Options without any other setting. */
    public EngineOptions(CipherSuite cipher, int kdfIterations) {
        this(cipher, kdfIterations, name -> null);
    }

    public static EngineOptions defaults() {
        return new EngineOptions(CipherSuite.AES256_GCM, DEFAULT_KDF_ITERATIONS);
    }
}
