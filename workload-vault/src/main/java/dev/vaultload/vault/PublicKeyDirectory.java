package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The published inbox public keys, read from the store and cached (bounded; when full an arbitrary entry makes
 * room: public keys are cheap to fetch again and never change while the user exists).
 */
final class PublicKeyDirectory {

    private final BlobStore store;
    private final InboxKeyPairs keyPairs;
    private final int maxEntries;
    private final KeyMaterialRecord keyMaterial;
    private final Map<String, RecipientPublicKey> cache = new ConcurrentHashMap<>();

    PublicKeyDirectory(BlobStore store, InboxKeyPairs keyPairs, int maxEntries, KeyMaterialRecord keyMaterial) {
        this.store = store;
        this.keyPairs = keyPairs;
        this.maxEntries = maxEntries;
        this.keyMaterial = keyMaterial;
    }

    void publish(String userId, PublicKey key) {
        byte[] encoded = key.getEncoded();
        store.put(StorageLayout.publicKey(userId), new ByteArrayInputStream(encoded), encoded.length);
        keyMaterial.wrote(StorageLayout.publicKey(userId), encoded);
    }

    /** The recipient's key; {@link EngineException.Reason#UNKNOWN_USER} if it has none. */
    RecipientPublicKey lookup(String userId) {
        RecipientPublicKey cached = cache.get(userId);
        if (cached != null) {
            return cached;
        }
        RecipientPublicKey loaded = load(userId);
        if (cache.size() >= maxEntries) {
            Iterator<String> any = cache.keySet().iterator();
            if (any.hasNext()) {
                cache.remove(any.next());
            }
        }
        cache.put(userId, loaded);
        return loaded;
    }

    void forget(String userId) {
        cache.remove(userId);
    }

    private RecipientPublicKey load(String userId) {
        byte[] encoded;
        try (InputStream in = store.get(StorageLayout.publicKey(userId))) {
            encoded = in.readAllBytes();
        } catch (BlobNotFoundException e) {
            throw keyMaterial.gone(StorageLayout.publicKey(userId),
                    new EngineException(EngineException.Reason.UNKNOWN_USER, "no user " + userId + " (no public key)", e));
        } catch (IOException e) {
            throw new UncheckedIOException("reading the public key of " + userId + " failed", e);
        }
        keyMaterial.read(StorageLayout.publicKey(userId), encoded);
        try {
            PublicKey key = keyPairs.publicKey(encoded);
            return new RecipientPublicKey(userId, KeyIds.ofPublicKey(key), key);
        } catch (GeneralSecurityException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "the public key of " + userId + " is unreadable", e);
        }
    }
}
