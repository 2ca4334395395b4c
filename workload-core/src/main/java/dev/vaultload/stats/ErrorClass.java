package dev.vaultload.stats;

/**
 * How a failed operation is counted, after the KMS tool's error columns. INTEGRITY is the one class that
 * always fails a run: data was lost, altered or readable when it must not be.
 */
public enum ErrorClass {
    /** The store refused the request (4xx): credentials, permissions, bad request. */
    CLIENT,
    /** Throttled: 429, 503 SlowDown. */
    LIMIT_EXCEEDED,
    /** Connect, read or call timeout. */
    TIMEOUT,
    /** The store failed: 5xx, broken connection. */
    SERVER,
    /** What was read differs from what was written, or a written object is missing. */
    INTEGRITY,
    /** Anything else. */
    OTHER
}
