package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreContract;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The {@link BlobStoreContract} on a real S3 server per subclass, started once per class with 5 MiB parts, pages of
 * 7 keys and delete batches of 100 ({@link TestConfig#SMALL_REQUESTS}), so that multipart uploads, paging and
 * batched deletes are exercised. Each test works under its own random prefix of the shared bucket.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class S3BlobStoreContract extends BlobStoreContract {

    private static final int PART_SIZE_BYTES = 5 << 20;

    private S3StorageProvider provider;

    /** Starts the provider under test with {@link TestConfig#SMALL_REQUESTS}, or aborts the class with an assumption. */
    abstract S3StorageProvider startProvider();

    @BeforeAll
    void startServer() {
        provider = startProvider();
    }

    @AfterAll
    void stopServer() {
        if (provider != null) {
            provider.close();
        }
    }

    @Override
    protected BlobStore openStore() {
        return provider.openBucket(provider.defaultBucket());
    }

    @Override
    protected String newRoot() {
        return "contract-" + UUID.randomUUID() + "/";
    }

    @Override
    protected int partSizeBytes() {
        return PART_SIZE_BYTES;
    }

    /** Each round is a few HTTP requests per thread: 25 rounds still interleave writers, readers and listers. */
    @Override
    protected int concurrentRounds() {
        return 25;
    }

    @Test
    void describeNamesTheEndpointAndBucket() {
        assertTrue(store.describe().startsWith("S3 http"), store.describe());
        assertTrue(store.describe().endsWith("/" + provider.defaultBucket()), store.describe());
    }
}
