package dev.vaultload.run;

import dev.vaultload.fixture.OperationType;

/** What a {@link RotationSweep} does to the documents of its users, with the engine's own means. */
public enum SweepOperation {
    /** Re-wraps: each user's key-encryption secret changes, its documents' data keys stay. */
    ROTATE_KEY(OperationType.ROTATE_KEY),
    /** Re-encrypts: each document gets a new data key, its content is encrypted again. */
    REENCRYPT(OperationType.REENCRYPT);

    private final OperationType type;

    SweepOperation(OperationType type) {
        this.type = type;
    }

    public OperationType type() {
        return type;
    }
}
