package dev.vaultload.s3ec;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.DocumentBuffering;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineFactory;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.storage.BlobStore;
import java.util.Set;

/**
 * S3EC: AWS's Amazon S3 Encryption Client on the S3 provider's endpoint and bucket ({@link S3EcProtection}). It
 * has one content cipher (AES-256-GCM), so CIPHER must stay AES256_GCM; KDF_ITERATIONS protects the keystores;
 * S3EC_KEYRING=KMS wraps data keys through the AWS KMS API ({@link S3EcKms}).
 * It bypasses the harness's store (no store/engine time split, no multi-bucket routing), as DATASAFE_STORAGE=NATIVE.
 */
public final class S3EcEngineFactory implements EngineFactory {
    public static final String NAME = "S3EC";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void check(EngineOptions options) {
        StorageRequirement.requireS3(NAME, options.settings());
        if (options.cipher() != CipherSuite.AES256_GCM) {
            throw new IllegalArgumentException("Invalid CIPHER='" + options.cipher() + "' for ENGINES=" + NAME
                    + ": expected AES256_GCM, the S3 Encryption Client's only content cipher");
        }
        S3EcKms.check(options.settings());
        AwsEngineSettings.ENGINE_MULTIPART_MIB.read(options.settings());
    }

    /** Both: ROTATE_KEY re-seals the keystore, REENCRYPT reads and re-writes the document ({@link S3EcProtection}). */
    @Override
    public Set<OperationType> keyLifecycleOperations(EngineOptions options) {
        return Set.of(OperationType.ROTATE_KEY, OperationType.REENCRYPT);
    }

    @Override
    public DocumentBuffering buffering(EngineOptions options) {
        return EngineBuffers.s3ec(options);
    }

    @Override
    public Engine open(BlobStore store, EngineOptions options) {
        check(options);
        return open(S3Access.read(NAME, options.settings()), options);
    }

    static Engine open(S3Access access, EngineOptions options) {
        BucketObjects objects = S3Endpoints.objects(access);
        S3EcKeyring keyring = AwsEngineSettings.S3EC_KEYRING.read(options.settings());
        S3EcProtection protection = new S3EcProtection(objects, S3Endpoints.async(access), keyring,
                options.kdfIterations(), keyring == S3EcKeyring.KMS ? S3EcKms.materials(options.settings()) : null);
        return new ObjectEngine(objects, protection, multipartBytes(options));
    }

    static long multipartBytes(EngineOptions options) {
        return AwsEngineSettings.ENGINE_MULTIPART_MIB.read(options.settings()) * 1024L * 1024L;
    }
}
