package dev.vaultload.storage;

import java.io.IOException;
import java.io.InputStream;

/**
 * {@link BlobStore#put} and {@link BlobStore#copy} in terms of {@link BlobStore#openOutput}: the object is stored
 * whole or not at all.
 */
final class BlobCopy {

    private static final int BUFFER_BYTES = 64 * 1024;

    private BlobCopy() {
    }

    static void put(BlobStore store, String key, InputStream content, long lengthBytes) {
        if (lengthBytes < 0) {
            throw new BlobStoreException(BlobStoreException.Kind.CLIENT, "negative length " + lengthBytes + " for " + key);
        }
        BlobOutputStream out = store.openOutput(key);
        try {
            byte[] buffer = new byte[(int) Math.min(BUFFER_BYTES, Math.max(1, lengthBytes))];
            long remaining = lengthBytes;
            while (remaining > 0) {
                int read = content.read(buffer, 0, (int) Math.min(buffer.length, remaining));
                if (read < 0) {
                    throw new BlobStoreException(BlobStoreException.Kind.CLIENT,
                            "content of " + key + " ended " + remaining + " bytes before the announced " + lengthBytes);
                }
                out.write(buffer, 0, read);
                remaining -= read;
            }
        } catch (IOException | RuntimeException e) {
            out.abort();
            throw e instanceof BlobStoreException bse ? bse
                    : new BlobStoreException(BlobStoreException.Kind.OTHER, "writing " + key + " failed", e);
        }
        try {
            out.close();
        } catch (IOException e) {
            throw new BlobStoreException(BlobStoreException.Kind.OTHER, "committing " + key + " failed", e);
        }
    }

    /** Streams the object at {@code sourceKey} of {@code from} into {@code targetKey} of {@code to} (which may be the same store). */
    static void copy(BlobStore from, String sourceKey, BlobStore to, String targetKey) {
        BlobOutputStream out = to.openOutput(targetKey);
        try (InputStream in = from.get(sourceKey)) {
            in.transferTo(out);
        } catch (IOException | RuntimeException e) {
            out.abort();
            throw e instanceof BlobStoreException bse ? bse
                    : new BlobStoreException(BlobStoreException.Kind.OTHER, "copying " + sourceKey + " to " + targetKey + " failed", e);
        }
        try {
            out.close();
        } catch (IOException e) {
            throw new BlobStoreException(BlobStoreException.Kind.OTHER, "committing " + targetKey + " failed", e);
        }
    }
}
