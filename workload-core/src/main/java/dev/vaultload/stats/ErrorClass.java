package dev.vaultload.stats;

import java.util.Map;

/**
 * How a failed operation is counted, after the KMS tool's error columns, with two classes for what a fault
 * does to data: IN_DOUBT (a write or delete that may or may not have taken effect) and LOST. INTEGRITY and
 * LOST always fail a run ({@link #failsRun()}): data was lost, altered or readable when it must not be.
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
    /** What was read differs from what was written, or an object is there that must not be. */
    INTEGRITY,
    /** An object whose write the store acknowledged is missing. */
    LOST,
    /**
     * A write, share or delete failed after its request may have reached the store (a timeout, a reset, a 5xx):
     * Jepsen's indeterminate outcome. Its objects may hold the old or the new state; both are accepted later,
     * and the cause stays in the failure's message.
     */
    IN_DOUBT,
    /** Anything else. */
    OTHER;

    /** Data was lost or altered: no error budget excuses it. */
    public boolean failsRun() {
        return this == INTEGRITY || this == LOST;
    }

    /** How many of {@code errors} fail a run. */
    public static long dataErrors(Map<ErrorClass, Long> errors) {
        return errors.entrySet().stream().filter(entry -> entry.getKey().failsRun()).mapToLong(Map.Entry::getValue).sum();
    }
}
