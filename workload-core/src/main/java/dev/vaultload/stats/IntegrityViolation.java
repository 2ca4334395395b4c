package dev.vaultload.stats;

import java.util.Optional;

/**
 * What was read differs from what the fixture expects. The message names user, space, path, expected and
 * found, so a report line alone says which object is at fault; {@link #documentPath()} names the document when the
 * failed operation covers several (a LIST).
 */
public class IntegrityViolation extends RuntimeException {
    private final String documentPath;

    public IntegrityViolation(String message) {
        this(message, null);
    }

    /** @param documentPath the document at fault, in the failed operation's space; null when it is the operation's own */
    public IntegrityViolation(String message, String documentPath) {
        super(message);
        this.documentPath = documentPath;
    }

    public Optional<String> documentPath() {
        return Optional.ofNullable(documentPath);
    }
}
