package dev.vaultload.engine;

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
        INVALID_PATH
    }

    private final Reason reason;

    public EngineException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public EngineException(Reason reason, String message) {
        this(reason, message, null);
    }

    public Reason reason() {
        return reason;
    }
}
