package dev.vaultload.stats;

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
}
