package dev.vaultload.engine;

import java.util.List;

/**
 * What an engine found when it read a user's stored key material again (keystore, public key, profile), past
 * every cache, and compared it with what it created or first read.
 *
 * @param objectsChecked how many stored objects were read and compared; 0 when the engine keeps no record
 * @param alterations    one entry per object that is gone or differs
 */
public record KeyMaterialCheck(int objectsChecked, List<Alteration> alterations) {
    /** For engines that keep no record of the key material they use: nothing was checked. */
    public static final KeyMaterialCheck NOT_CHECKED = new KeyMaterialCheck(0, List.of());

    public KeyMaterialCheck {
        alterations = List.copyOf(alterations);
    }

    /**
     * @param storeKey the stored object, as the engine's store names it
     * @param gone     whether the object is missing (LOST), rather than holding other bytes (INTEGRITY)
     * @param problem  what differs, e.g. both digests; never key material itself
     */
    public record Alteration(String storeKey, boolean gone, String problem) {
    }
}
