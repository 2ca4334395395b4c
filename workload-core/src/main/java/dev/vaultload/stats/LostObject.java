package dev.vaultload.stats;

/** An object whose write the store acknowledged, and no failure since could have removed, is missing. */
public final class LostObject extends RuntimeException {
    public LostObject(String message) {
        super(message);
    }
}
