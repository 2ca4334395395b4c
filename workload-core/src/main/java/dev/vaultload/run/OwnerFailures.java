package dev.vaultload.run;

import dev.vaultload.engine.EngineException;
import dev.vaultload.stats.IntegrityViolation;
import dev.vaultload.stats.LostObject;

/**
 * What an engine's refusal means when the harness is the caller. The harness only reads a user's own spaces, with
 * the user's current password (its first, or the last ROTATE_KEY's), so a refusal that elsewhere is a caller's
 * mistake (CLIENT) can only be stored data that was altered: a document the owner cannot open was swapped for
 * another's or encrypted to another key; a keystore that no longer opens, or a created user's key material that is
 * gone, was changed or deleted behind the engine's back.
 */
final class OwnerFailures {
    private OwnerFailures() {
    }

    /**
     * @param where       the operation or check, naming user, space and path
     * @param userCreated whether the run's CREATE_USER of the acting user was acknowledged
     * @return the failure as it is counted: INTEGRITY or LOST for the refusals above, else unchanged
     */
    static RuntimeException asSeenByOwner(RuntimeException failure, String where, boolean userCreated) {
        if (!(failure instanceof EngineException refusal)) {
            return failure;
        }
        return switch (refusal.reason()) {
            case ACCESS_DENIED -> integrity(where + ": the stored document is an envelope its owner cannot open"
                    + " (swapped for another user's, or encrypted to a key that is not theirs)", refusal);
            case WRONG_PASSWORD -> integrity(where + ": the user's keystore no longer opens with its current password"
                    + " (the one it was created with, or the last ROTATE_KEY's)", refusal);
            case UNKNOWN_USER -> userCreated ? lost(where + ": the key material of a user whose creation was"
                    + " acknowledged is gone", refusal) : refusal;
            default -> refusal;
        };
    }

    private static IntegrityViolation integrity(String message, EngineException cause) {
        IntegrityViolation violation = new IntegrityViolation(message + " (" + cause.getMessage() + ")");
        violation.initCause(cause);
        return violation;
    }

    private static LostObject lost(String message, EngineException cause) {
        LostObject lost = new LostObject(message + " (" + cause.getMessage() + ")");
        lost.initCause(cause);
        return lost;
    }
}
