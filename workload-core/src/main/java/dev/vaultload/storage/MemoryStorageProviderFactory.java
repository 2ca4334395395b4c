package dev.vaultload.storage;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** MEMORY: one {@link InMemoryBlobStore} per bucket, for the harness's own overhead. Needs no configuration. */
public final class MemoryStorageProviderFactory implements StorageProviderFactory {

    public static final String NAME = "MEMORY";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public StorageFootprint footprint(StorageFootprint.Load load, Function<String, String> config) {
        return StorageFootprint.inHeap(load);
    }

    @Override
    public StorageProvider start(Function<String, String> config) {
        return new StorageProvider() {
            private final Map<String, InMemoryBlobStore> buckets = new ConcurrentHashMap<>();

            @Override
            public String name() {
                return NAME;
            }

            @Override
            public BlobStore openBucket(String bucket) {
                return buckets.computeIfAbsent(bucket, InMemoryBlobStore::new);
            }

            @Override
            public String defaultBucket() {
                return StorageBuckets.DEFAULT_BUCKET;
            }

            @Override
            public void close() {
                buckets.clear();
            }
        };
    }
}
