package dev.vaultload.stats;

/** What a run does on an error. */
public enum ErrorMode {
    /** The first error stops the combination and fails it. */
    FAIL_FAST,
    /** Errors are counted and classified and the run goes on; it fails at the end if any was INTEGRITY or LOST. */
    CONTINUE
}
