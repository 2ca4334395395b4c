package dev.vaultload.stats;

/** The key-manager calls of one operation type's successful operations, and the time spent waiting on them. */
public record KeyManagerTally(long calls, long waitMicros) {
}
