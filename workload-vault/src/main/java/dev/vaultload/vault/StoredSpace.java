package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.RangeSlice;
import dev.vaultload.engine.Space;
import dev.vaultload.storage.BlobStore;
import java.io.InputStream;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A space as objects under one key prefix of the store ({@code <userId>/private/} or {@code <userId>/inbox/}):
 * validates paths, maps them to keys and back, and decrypts with the owner's key. Prefixes are
 * segment-complete: "a/b" covers "a/b" and "a/b/..." but not "a/bc".
 */
abstract class StoredSpace implements Space {

    protected final BlobStore store;
    protected final DocumentCodec codec;
    private final String keyPrefix;
    private final DocumentKey readKey;

    StoredSpace(BlobStore store, DocumentCodec codec, String keyPrefix, DocumentKey readKey) {
        this.store = store;
        this.codec = codec;
        this.keyPrefix = keyPrefix;
        this.readKey = readKey;
    }

    /** The stored form of a validated path or prefix (a trailing '/' stays). */
    abstract String storedPath(String plainPath);

    abstract String plainPath(String storedPath);

    /** The store key of a document path, after validating it. */
    final String keyOf(String path) {
        return keyPrefix + storedPath(VaultPaths.requireDocumentPath(path));
    }

    @Override
    public InputStream read(String path) {
        return codec.decrypting(store.get(keyOf(path)), readKey);
    }

    /** Fetches and decrypts only the chunks that hold the range (see {@link DocumentCodec#decryptingRange}). */
    @Override
    public InputStream read(String path, long firstByte, long lastByte) {
        RangeSlice.requireRange(firstByte, lastByte);
        return codec.decryptingRange(store, keyOf(path), readKey, firstByte, lastByte);
    }

    @Override
    public Optional<String> storeKey(String path) {
        return Optional.of(keyOf(path));
    }

    @Override
    public boolean exists(String path) {
        return store.exists(keyOf(path));
    }

    @Override
    public Stream<String> list(String prefix) {
        String storePrefix = storePrefixOf(prefix);
        Stream<String> keys = store.list(storePrefix);
        if (!prefix.isEmpty() && !prefix.endsWith("/")) {
            String directory = storePrefix + "/";
            keys = keys.filter(key -> key.equals(storePrefix) || key.startsWith(directory));
        }
        return keys.map(this::plainPathOfKey);
    }

    /** A listed key's document path; a key that does not decode is named in the failure, for a report to show. */
    private String plainPathOfKey(String key) {
        try {
            return plainPath(key.substring(keyPrefix.length()));
        } catch (EngineException undecodable) {
            throw undecodable.about(key);
        }
    }

    @Override
    public long delete(String prefix) {
        String storePrefix = storePrefixOf(prefix);
        if (prefix.isEmpty() || prefix.endsWith("/")) {
            return store.deletePrefix(storePrefix);
        }
        long deleted = 0;
        if (store.exists(storePrefix)) {
            store.delete(storePrefix);
            deleted++;
        }
        return deleted + store.deletePrefix(storePrefix + "/");
    }

    private String storePrefixOf(String prefix) {
        VaultPaths.requirePrefix(prefix);
        return keyPrefix + (prefix.isEmpty() ? "" : storedPath(prefix));
    }
}
