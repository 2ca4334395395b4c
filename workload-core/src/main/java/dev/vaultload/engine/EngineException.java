package dev.vaultload.engine;

import java.util.Optional;

/** A failure of the engine itself (as opposed to the store underneath, see {@code BlobStoreException}), by reason so that the harness can classify it. */
public class EngineException extends RuntimeException {

    /** What kind of failure, so that the executor can classify it. */
    public enum Reason {
        /** A stored document failed authentication or could not be parsed: tampering or corruption. */
        INTEGRITY,
        /** The caller has no key for this document (e.g. another user's private document). */
        ACCESS_DENIED,
        /** The keystore password is wrong. */
        WRONG_PASSWORD,
        /** The user does not exist, or exists already on create. */
        UNKNOWN_USER,
        USER_EXISTS,
        /** A path with '..', a leading '/', empty segments or control characters. */
        INVALID_PATH,
        /** A byte range that starts at or past the document's end: what S3 refuses with 416 for a plain object. */
        RANGE_NOT_SATISFIABLE
    }

    private final Reason reason;
    private final String storeKey;

    public EngineException(Reason reason, String message, Throwable cause) {
        this(reason, message, cause, null);
    }

    public EngineException(Reason reason, String message) {
        this(reason, message, null);
    }

    private EngineException(Reason reason, String message, Throwable cause, String storeKey) {
        super(message, cause);
        this.reason = reason;
        this.storeKey = storeKey;
    }

    public Reason reason() {
        return reason;
    }

    /**
     * This failure as one about the stored object under {@code storeKey}, for a report to name: an engine knows it
     * where its caller cannot, e.g. for a listed key whose encrypted path does not open.
     */
    public EngineException about(String storeKey) {
        return new EngineException(reason, getMessage() + ": " + storeKey, this, storeKey);
    }

    /** The stored object the first engine failure in {@code failure}'s cause chain is about, if it says. */
    public static Optional<String> storeKeyIn(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof EngineException engine && engine.storeKey != null) {
                return Optional.of(engine.storeKey);
            }
        }
        return Optional.empty();
    }
}
