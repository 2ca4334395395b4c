package dev.vaultload.stats;

import dev.vaultload.engine.KeyManagerFailure;

/**
 * A write, share or delete that failed after its request may have reached the store: a timeout, a reset
 * connection, a 5xx. Counted as {@link ErrorClass#IN_DOUBT}, never as lost; the message keeps the cause's class.
 */
public final class IndeterminateOutcome extends RuntimeException {
    private IndeterminateOutcome(ErrorClass cause, RuntimeException failure) {
        super("outcome unknown after " + cause + ": " + failure.getMessage(), failure);
    }

    /**
     * The failure as it is counted: in doubt when the store may have applied the request (TIMEOUT, SERVER,
     * OTHER), else unchanged (a refusal, CLIENT or LIMIT_EXCEEDED, left nothing behind).
     */
    public static RuntimeException of(RuntimeException failure) {
        ErrorClass cause = ErrorClassifier.classify(failure);
        return switch (cause) {
            case TIMEOUT, SERVER, OTHER -> new IndeterminateOutcome(cause, failure);
            default -> failure;
        };
    }

    /**
     * The failure as it is counted once it is known that the operation sent nothing that could change the store: a
     * failure of its key manager is then no longer in doubt (the write never reached the store) and counts under its
     * own class, TIMEOUT or SERVER of the KMS; any other stays as it is.
     */
    public static RuntimeException nothingStored(RuntimeException counted) {
        if (counted instanceof IndeterminateOutcome && counted.getCause() instanceof RuntimeException cause) {
            for (Throwable t = cause; t != null; t = t.getCause()) {
                if (t instanceof KeyManagerFailure) {
                    return cause;
                }
            }
        }
        return counted;
    }
}
