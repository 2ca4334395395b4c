package dev.vaultload.stats;

import java.util.List;

/**
 * What was read differs from what the fixture expects. The message names user, space, path, expected and
 * found, so a report line alone says which object is at fault; {@link #documentPaths()} names the documents when
 * the failed operation covers several (a LIST).
 */
public class IntegrityViolation extends RuntimeException implements DocumentsAtFault {
    private final List<String> documentPaths;

    public IntegrityViolation(String message) {
        this(message, List.of());
    }

    /** @param documentPaths the documents at fault, in the failed operation's space; empty when it is the operation's own */
    public IntegrityViolation(String message, List<String> documentPaths) {
        super(message);
        this.documentPaths = List.copyOf(documentPaths);
    }

    @Override
    public List<String> documentPaths() {
        return documentPaths;
    }
}
