package dev.vaultload.stats;

import java.util.List;

/**
 * An object whose write the store acknowledged, and no failure since could have removed, is missing;
 * {@link #documentPaths()} names them when the failed operation covers several (a LIST).
 */
public final class LostObject extends RuntimeException implements DocumentsAtFault {
    private final List<String> documentPaths;

    public LostObject(String message) {
        this(message, List.of());
    }

    /** @param cause the failure that found the object missing, e.g. an engine's naming the stored object */
    public LostObject(String message, Throwable cause) {
        super(message, cause);
        this.documentPaths = List.of();
    }

    /** @param documentPaths the missing documents, in the failed operation's space; empty when it is the operation's own */
    public LostObject(String message, List<String> documentPaths) {
        super(message);
        this.documentPaths = List.copyOf(documentPaths);
    }

    @Override
    public List<String> documentPaths() {
        return documentPaths;
    }
}
