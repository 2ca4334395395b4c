package dev.vaultload.datasafe;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.DocumentBuffering;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineFactory;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.storage.BlobStore;
import java.util.OptionalLong;
import java.util.Set;

/**
 * DATASAFE: the real Datasafe over the harness's store. Datasafe 1.0.3 offers one document cipher (CMS with
 * AES-256-GCM) and its own keystore key derivation, so CIPHER and KDF_ITERATIONS must be left at their defaults.
 * DATASAFE_STORAGE chooses the harness's store (ADAPTER) or Datasafe's own S3 adapter (NATIVE).
 */
public final class DatasafeEngineFactory implements EngineFactory {
    public static final String NAME = "DATASAFE";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void check(EngineOptions options) {
        if (options.cipher() != CipherSuite.AES256_GCM) {
            throw new IllegalArgumentException("Invalid CIPHER='" + options.cipher() + "' for ENGINES=" + NAME
                    + ": expected AES256_GCM, the only cipher Datasafe 1.0.3 offers");
        }
        DatasafeSettings.DATASAFE_STORAGE.read(options.settings()); // fails on a value it does not accept
        if (options.kdfIterations() != EngineOptions.DEFAULT_KDF_ITERATIONS) {
            throw new IllegalArgumentException("Invalid KDF_ITERATIONS='" + options.kdfIterations() + "' for ENGINES="
                    + NAME + ": expected it unset (" + EngineOptions.DEFAULT_KDF_ITERATIONS
                    + "): Datasafe 1.0.3 derives its keystore keys with its own fixed settings");
        }
    }

    /**
     * REENCRYPT ({@link DatasafeEngine#reencrypt}). Not ROTATE_KEY: Datasafe's own password change,
     * {@code ProfileUpdatingService.updateReadKeyPassword}, fails on Java 21 before it touches the keystore (the
     * static initializer of keymanagement 0.0.6's {@code EntryViewImpl} asks typetools 0.6.1 for a lambda's generic
     * types, which it cannot read on this JVM), and a rotation by other means than Datasafe's would not be
     * Datasafe's.
     */
    @Override
    public Set<OperationType> keyLifecycleOperations(EngineOptions options) {
        return Set.of(OperationType.REENCRYPT);
    }

    /**
     * A document whole in a growing byte array (Datasafe 1.0.3's {@code CustomizableByteArrayOutputStream}, behind the
     * fan-out stream of its document writer), doubling as it fills: while it doubles the old array and the new one are
     * both live, up to twice the document's size rounded up to a power of two per operation. Without it a run of large
     * documents on several threads died of an OutOfMemoryError (docs/measurements/2026-11-28-memory-sweep.md).
     */
    @Override
    public DocumentBuffering buffering(EngineOptions options) {
        return new DocumentBuffering(sizeBytes -> 2 * powerOfTwoAtLeast(sizeBytes), OptionalLong.empty(),
                "holds a whole document in a doubling byte array while it writes it");
    }

    private static long powerOfTwoAtLeast(long sizeBytes) {
        return sizeBytes <= 1 ? 1 : Long.highestOneBit(sizeBytes - 1) << 1;
    }

    @Override
    public Engine open(BlobStore store, EngineOptions options) {
        check(options);
        boolean nativeS3 = DatasafeSettings.DATASAFE_STORAGE.read(options.settings()).equals(DatasafeSettings.NATIVE);
        return new DatasafeEngine(nativeS3 ? NativeS3Storage.open(options.settings()) : new BlobStoreStorage(store), !nativeS3);
    }
}
