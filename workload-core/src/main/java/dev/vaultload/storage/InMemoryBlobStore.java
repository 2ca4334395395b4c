package dev.vaultload.storage;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.stream.Stream;

/**
 * Objects as byte arrays in a sorted concurrent map: measures the harness and the engine without any I/O.
 * A written object becomes visible in one map put when its stream is closed.
 */
public final class InMemoryBlobStore implements BlobStore {

    private final ConcurrentNavigableMap<String, byte[]> objects = new ConcurrentSkipListMap<>();
    private final String name;

    public InMemoryBlobStore(String name) {
        this.name = name;
    }

    public InMemoryBlobStore() {
        this("memory");
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        BlobCopy.put(this, key, content, lengthBytes);
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        BlobKeys.requireValidKey(key);
        return new BlobOutputStream() {
            private ByteArrayOutputStream buffer = new ByteArrayOutputStream();

            @Override
            public void write(int b) {
                open().write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                open().write(b, off, len);
            }

            @Override
            public void abort() {
                buffer = null;
            }

            @Override
            public void close() {
                if (buffer != null) {
                    objects.put(key, buffer.toByteArray());
                    buffer = null;
                }
            }

            private ByteArrayOutputStream open() {
                if (buffer == null) {
                    throw new BlobStoreException(BlobStoreException.Kind.CLIENT, "output for " + key + " is closed");
                }
                return buffer;
            }
        };
    }

    /** In place, as S3's CopyObject: stored arrays are never written again, so the copy shares the source's. */
    @Override
    public void copy(String sourceKey, String targetKey) {
        byte[] bytes = objects.get(BlobKeys.requireValidKey(sourceKey));
        if (bytes == null) {
            throw new BlobNotFoundException(sourceKey, describe());
        }
        objects.put(BlobKeys.requireValidKey(targetKey), bytes);
    }

    @Override
    public InputStream get(String key) {
        byte[] bytes = objects.get(BlobKeys.requireValidKey(key));
        if (bytes == null) {
            throw new BlobNotFoundException(key, describe());
        }
        return new ByteArrayInputStream(bytes);
    }

    @Override
    public Stream<String> list(String prefix) {
        return keysUnder(BlobKeys.requireValidPrefix(prefix)).keySet().stream();
    }

    @Override
    public boolean exists(String key) {
        return objects.containsKey(BlobKeys.requireValidKey(key));
    }

    @Override
    public void delete(String key) {
        objects.remove(BlobKeys.requireValidKey(key));
    }

    @Override
    public long deletePrefix(String prefix) {
        long deleted = 0;
        for (String key : keysUnder(BlobKeys.requireValidPrefix(prefix)).keySet()) {
            if (objects.remove(key) != null) {
                deleted++;
            }
        }
        return deleted;
    }

    @Override
    public String describe() {
        return "MEMORY " + name;
    }

    private ConcurrentNavigableMap<String, byte[]> keysUnder(String prefix) {
        return prefix.isEmpty() ? objects : objects.subMap(prefix, true, prefix + Character.MAX_VALUE, false);
    }
}
