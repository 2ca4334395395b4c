package dev.vaultload.engine;

/**
 * What an engine promises about the objects it leaves in the store, as {@link EngineContract} checks them. Each is
 * checked both ways: a promise an engine does not make is stated here and its absence asserted, never skipped.
 *
 * @param contentHidden      no document content appears in any stored object (else it appears in one)
 * @param privatePathsHidden no segment of a private path appears in any key or object, and the same path of two
 *                           users is stored under different names (else the segments appear in keys)
 * @param inboxPathsHidden   no segment of an inbox path appears in any key or object (else they appear in keys)
 * @param tamperingDetected  a flipped stored byte fails the read with {@link EngineException.Reason#INTEGRITY}
 *                           (else the read returns as many bytes, not the same)
 * @param boundToOwner       a document moved at the store into another user's space or inbox fails that user's read
 *                           with {@link EngineException.Reason#ACCESS_DENIED} (else that user reads it)
 */
public record EngineGuarantees(boolean contentHidden, boolean privatePathsHidden, boolean inboxPathsHidden,
        boolean tamperingDetected, boolean boundToOwner) {

    /** An engine that stores plaintext under plain paths: it hides and detects nothing. */
    public static final EngineGuarantees NONE = new EngineGuarantees(false, false, false, false, false);
}
