package dev.vaultload.engine;

/**
 * The settings every engine is built with (CIPHER, KDF_ITERATIONS). An engine that cannot honour one says so
 * in {@link EngineFactory#check}, before the run starts.
 *
 * @param cipher        document encryption
 * @param kdfIterations PBKDF2 iterations protecting each keystore
 */
public record EngineOptions(CipherSuite cipher, int kdfIterations) {
    /** OWASP's 2023 figure for PBKDF2-HMAC-SHA512. */
    public static final int DEFAULT_KDF_ITERATIONS = 210_000;

    public EngineOptions {
        if (kdfIterations < 1) {
            throw new IllegalArgumentException("kdfIterations must be >= 1, got " + kdfIterations);
        }
    }

    public static EngineOptions defaults() {
        return new EngineOptions(CipherSuite.AES256_GCM, DEFAULT_KDF_ITERATIONS);
    }
}
