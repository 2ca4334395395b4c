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
 * A server-side encryption engine ({@link ServerSideProtection}) on the S3 provider's endpoint, with a client of its
 * own (as S3EC). The server encrypts with AES-256 in its own way; CIPHER must stay AES256_GCM (the default) and
 * KDF_ITERATIONS does not apply. A server the mode is missing on is refused before the run ({@link SseMode#refusal}),
 * and so is a key lifecycle operation the mode cannot carry out ({@link SseMode#keyLifecycle}).
 */
public abstract class SseEngineFactory implements EngineFactory {
    private final SseMode mode;

    SseEngineFactory(SseMode mode) {
        this.mode = mode;
    }

    @Override
    public String name() {
        return mode.name();
    }

    @Override
    public void check(EngineOptions options) {
        StorageRequirement.requireS3(name(), options.settings());
        for (String provider : StorageRequirement.providers(options.settings())) {
            String refusal = mode.refusal(provider, options.settings());
            if (refusal != null) {
                throw new IllegalArgumentException("Invalid ENGINES='" + name() + "' on STORAGE_PROVIDERS='" + provider
                        + "': " + refusal);
            }
        }
        if (options.cipher() != CipherSuite.AES256_GCM) {
            throw new IllegalArgumentException("Invalid CIPHER='" + options.cipher() + "' for ENGINES=" + name()
                    + ": expected AES256_GCM (unset): the server chooses how it encrypts");
        }
        AwsEngineSettings.ENGINE_MULTIPART_MIB.read(options.settings());
    }

    @Override
    public Set<OperationType> keyLifecycleOperations(EngineOptions options) {
        return mode.keyLifecycle(StorageRequirement.providers(options.settings()));
    }

    @Override
    public DocumentBuffering buffering(EngineOptions options) {
        return EngineBuffers.spooled(options);
    }

    @Override
    public Engine open(BlobStore store, EngineOptions options) {
        check(options);
        return open(mode, S3Access.read(name(), options.settings()), options);
    }

    static Engine open(SseMode mode, S3Access access, EngineOptions options) {
        BucketObjects objects = S3Endpoints.objects(access);
        return new ObjectEngine(objects, new ServerSideProtection(objects, mode,
                AwsEngineSettings.SSE_KMS_KEY_ID.read(options.settings())), S3EcEngineFactory.multipartBytes(options));
    }

    /** SSE_S3: the server's own key. */
    public static final class SseS3 extends SseEngineFactory {
        public SseS3() {
            super(SseMode.SSE_S3);
        }
    }

    /** SSE_KMS: a key of the server's KMS (SSE_KMS_KEY_ID). */
    public static final class SseKms extends SseEngineFactory {
        public SseKms() {
            super(SseMode.SSE_KMS);
        }
    }

    /** SSE_C: the application's key per user, sent with every request. */
    public static final class SseC extends SseEngineFactory {
        public SseC() {
            super(SseMode.SSE_C);
        }
    }
}
