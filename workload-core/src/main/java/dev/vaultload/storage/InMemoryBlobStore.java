package dev.vaultload.storage;

import java.io.InputStream;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.stream.Stream;

/**
 * Objects as chunks of bytes ({@link ChunkedObject}) in a sorted concurrent map: measures the harness and the engine
 * without any I/O, and without copying a document whole on its way in or out. A written object becomes visible in one
 * map put when its stream is closed.
 */
public final class InMemoryBlobStore implements BlobStore {

    private final ConcurrentNavigableMap<String, ChunkedObject> objects = new ConcurrentSkipListMap<>();
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
            private ChunkedObject.Writer buffer = new ChunkedObject.Writer();

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
                    objects.put(key, buffer.finish());
                    buffer = null;
                }
            }

            private ChunkedObject.Writer open() {
                if (buffer == null) {
                    throw new BlobStoreException(BlobStoreException.Kind.CLIENT, "output for " + key + " is closed");
                }
                return buffer;
            }
        };
    }

    /** In place, as S3's CopyObject: stored chunks are never written again, so the copy shares the source's. */
    @Override
    public void copy(String sourceKey, String targetKey) {
        ChunkedObject object = objects.get(BlobKeys.requireValidKey(sourceKey));
        if (object == null) {
            throw new BlobNotFoundException(sourceKey, describe());
        }
        objects.put(BlobKeys.requireValidKey(targetKey), object);
    }

    @Override
    public InputStream get(String key) {
        ChunkedObject object = objects.get(BlobKeys.requireValidKey(key));
        if (object == null) {
            throw new BlobNotFoundException(key, describe());
        }
        return object.open();
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

    private ConcurrentNavigableMap<String, ChunkedObject> keysUnder(String prefix) {
        return prefix.isEmpty() ? objects : objects.subMap(prefix, true, prefix + Character.MAX_VALUE, false);
    }
}
