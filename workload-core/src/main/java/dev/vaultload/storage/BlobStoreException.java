package dev.vaultload.storage;

/**
 * A storage failure, with the kind that the statistics count it under. Messages name the key and the
 * endpoint at fault, never a secret.
 */
public class BlobStoreException extends RuntimeException {

    /** What went wrong, as far as the store could tell. */
    public enum Kind {
        /** The key does not exist. */
        NOT_FOUND,
        /** The request was refused (4xx: bad credentials, access denied, bad request). */
        CLIENT,
        /** Throttled (429, 503 SlowDown). */
        LIMIT_EXCEEDED,
        /** Connect, read or call timeout. */
        TIMEOUT,
        /** The server failed (5xx) or the connection broke. */
        SERVER,
        /** Anything else, e.g. a local I/O error. */
        OTHER
    }

    private final Kind kind;

    public BlobStoreException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public BlobStoreException(Kind kind, String message) {
        this(kind, message, null);
    }

    public Kind kind() {
        return kind;
    }
}
