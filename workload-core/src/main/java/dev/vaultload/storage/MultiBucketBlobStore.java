package dev.vaultload.storage;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * Spreads users over N stores (buckets): every key whose first segment is a given user id lives in the bucket
 * {@link #bucketIndexOf(String)} picks by a stable hash (CRC32C) of that id, the same in every JVM and run.
 * Prefixes that name a whole first segment go to one bucket; shorter prefixes ("" included) span all buckets.
 */
public final class MultiBucketBlobStore implements BlobStore {

    private final List<BlobStore> buckets;

    public MultiBucketBlobStore(List<? extends BlobStore> buckets) {
        if (buckets.isEmpty()) {
            throw new IllegalArgumentException("at least one bucket is needed");
        }
        this.buckets = List.copyOf(buckets);
    }

    /** Index (0 .. bucketCount-1) of the bucket holding the keys of {@code userId}. */
    public int bucketIndexOf(String userId) {
        CRC32C crc = new CRC32C();
        crc.update(userId.getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % buckets.size());
    }

    public int bucketCount() {
        return buckets.size();
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        bucketOf(key).put(key, content, lengthBytes);
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        return bucketOf(key).openOutput(key);
    }

    /** In place within a bucket; streamed from one bucket to another when the users live apart. */
    @Override
    public void copy(String sourceKey, String targetKey) {
        BlobStore source = bucketOf(sourceKey);
        BlobStore target = bucketOf(targetKey);
        if (source == target) {
            source.copy(sourceKey, targetKey);
        } else {
            BlobCopy.copy(source, sourceKey, target, targetKey);
        }
    }

    @Override
    public InputStream get(String key) {
        return bucketOf(key).get(key);
    }

    @Override
    public InputStream get(String key, long firstByte, long lastByte) {
        return bucketOf(key).get(key, firstByte, lastByte);
    }

    @Override
    public Stream<String> list(String prefix) {
        if (prefix.indexOf('/') >= 0) {
            return bucketOf(prefix).list(prefix);
        }
        // flatMap closes each bucket's stream once it is consumed
        return buckets.stream().flatMap(bucket -> bucket.list(prefix));
    }

    @Override
    public boolean exists(String key) {
        return bucketOf(key).exists(key);
    }

    @Override
    public void delete(String key) {
        bucketOf(key).delete(key);
    }

    @Override
    public long deletePrefix(String prefix) {
        if (prefix.indexOf('/') >= 0) {
            return bucketOf(prefix).deletePrefix(prefix);
        }
        return buckets.stream().mapToLong(bucket -> bucket.deletePrefix(prefix)).sum();
    }

    @Override
    public String locate(String key) {
        return bucketOf(key).locate(key);
    }

    @Override
    public String describe() {
        return buckets.stream().map(BlobStore::describe)
                .collect(Collectors.joining(", ", "MULTI[" + buckets.size() + "] ", ""));
    }

    /** Closes every bucket, even if one fails; the first failure is rethrown. */
    @Override
    public void close() {
        RuntimeException first = null;
        for (BlobStore bucket : buckets) {
            try {
                bucket.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private BlobStore bucketOf(String key) {
        return buckets.get(bucketIndexOf(BlobKeys.firstSegment(key)));
    }
}
