package dev.vaultload.s3ec;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineContract;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.StorageProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The {@link EngineContract} for an engine of this module on a real S3 server: each test gets a bucket of its own,
 * which is the contract's store (the provider's {@code S3BlobStore}) and the engine's bucket alike.
 */
abstract class S3EngineContract extends EngineContract {
    private static final AtomicInteger BUCKETS = new AtomicInteger();
    private static StorageProvider provider;
    private S3Access access;

    /** The provider to run on, started once per class (null skips the class through an assumption). */
    abstract StorageProvider startProvider();

    /** The engine over {@code access}, with fast keystores. */
    abstract Engine open(S3Access access, EngineOptions options);

    @Override
    protected BlobStore newStore() {
        if (provider == null) {
            provider = startProvider();
        }
        S3Access defaults = S3Access.read("TEST", settings()::get);
        access = defaults.withBucket("contract-" + ProcessHandle.current().pid() + "-" + BUCKETS.incrementAndGet());
        S3Endpoints.client(defaults).createBucket(request -> request.bucket(access.bucket()));
        return provider.openBucket(access.bucket());
    }

    @Override
    protected Engine openEngine(BlobStore store) {
        return open(access, new EngineOptions(CipherSuite.AES256_GCM, 1_000, settings()::get));
    }

    /** The engine's settings: the provider's access, and CA_PATH from the environment as a run would take it. */
    Map<String, String> settings() {
        Map<String, String> settings = new HashMap<>(provider.directAccess());
        if (System.getenv("CA_PATH") != null) {
            settings.put("CA_PATH", System.getenv("CA_PATH"));
        }
        return settings;
    }

    /** S3 keeps an object's metadata (S3EC's wrapped data key) beside its bytes: a tamperer changes only the bytes. */
    @Override
    protected void replaceContent(String key, byte[] bytes) {
        S3Client s3 = S3Endpoints.client(access);
        Map<String, String> metadata = s3.headObject(request -> request.bucket(access.bucket()).key(key)).metadata();
        s3.putObject(request -> request.bucket(access.bucket()).key(key).metadata(metadata), RequestBody.fromBytes(bytes));
    }

    S3Access access() {
        return access;
    }


    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
            provider = null;
        }
    }
}
