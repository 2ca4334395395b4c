package dev.vaultload.stats;

import java.util.Optional;

/**
 * An object whose write the store acknowledged, and no failure since could have removed, is missing;
 * {@link #documentPath()} names it when the failed operation covers several (a LIST).
 */
public final class LostObject extends RuntimeException {
    private final String documentPath;

    public LostObject(String message) {
        this(message, null);
    }

    /** @param documentPath the missing document, in the failed operation's space; null when it is the operation's own */
    public LostObject(String message, String documentPath) {
        super(message);
        this.documentPath = documentPath;
    }

    public Optional<String> documentPath() {
        return Optional.ofNullable(documentPath);
    }
}
