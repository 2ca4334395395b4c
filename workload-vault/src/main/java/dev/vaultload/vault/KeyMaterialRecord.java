package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.KeyMaterialCheck;
import dev.vaultload.stats.LostObject;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SHA-256 of each stored key-material object (keystore, public key, profile) as this engine wrote it or first
 * read it, by store key. Key material is read once and cached, so without this record an object altered or deleted
 * in the store would go unseen for the rest of a run; {@link #check} reads the objects again and compares. Holds
 * digests only, never key material; bounded by the users in use ({@link #forget} on their removal).
 */
final class KeyMaterialRecord {
    private static final HexFormat HEX = HexFormat.of();

    private final Map<String, byte[]> sha256ByStoreKey = new ConcurrentHashMap<>();

    /** Records the bytes the engine wrote under {@code storeKey}. */
    void wrote(String storeKey, byte[] stored) {
        sha256ByStoreKey.put(storeKey, Sha256.of(stored));
    }

    /**
     * Records the bytes first read under {@code storeKey}, or checks a later read against what this engine wrote or
     * first read there: key material is read again whenever a cache lets it go, and an object changed behind the
     * engine's back must not be trusted then (a swapped public key would encrypt shares to someone else).
     *
     * @throws EngineException INTEGRITY about {@code storeKey} when the stored bytes changed
     */
    void read(String storeKey, byte[] stored) {
        byte[] found = Sha256.of(stored);
        byte[] known = sha256ByStoreKey.putIfAbsent(storeKey, found);
        if (known != null && !MessageDigest.isEqual(known, found)) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "key material changed in the store since this"
                    + " engine wrote or first read it").about(storeKey);
        }
    }

    /**
     * The failure for key material the store no longer has: LOST when this engine wrote or read it (an object the
     * store had acknowledged is gone), else {@code unknown}, a user the engine never knew.
     */
    RuntimeException gone(String storeKey, EngineException unknown) {
        return sha256ByStoreKey.containsKey(storeKey)
                ? new LostObject("key material gone from the store: " + storeKey, unknown.about(storeKey))
                : unknown;
    }

    void forget(String storeKey) {
        sha256ByStoreKey.remove(storeKey);
    }

    /** Reads each recorded object of {@code storeKeys} from {@code store} and compares it with the record. */
    KeyMaterialCheck check(BlobStore store, List<String> storeKeys) {
        int checked = 0;
        List<KeyMaterialCheck.Alteration> alterations = new ArrayList<>();
        for (String storeKey : storeKeys) {
            byte[] expected = sha256ByStoreKey.get(storeKey);
            if (expected == null) {
                continue;
            }
            checked++;
            byte[] found;
            try (InputStream in = store.get(storeKey)) {
                found = Sha256.of(in.readAllBytes());
            } catch (BlobNotFoundException gone) {
                alterations.add(new KeyMaterialCheck.Alteration(storeKey, true, "gone from the store"));
                continue;
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + storeKey + " again failed", e);
            }
            if (!MessageDigest.isEqual(expected, found)) {
                alterations.add(new KeyMaterialCheck.Alteration(storeKey, false, "stored bytes have sha256 " + HEX.formatHex(found)
                        + ", the engine wrote or first read sha256 " + HEX.formatHex(expected)));
            }
        }
        return new KeyMaterialCheck(checked, alterations);
    }
}
