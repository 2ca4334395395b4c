package dev.vaultload.run.load;

/** The endless series of operations of one load thread; used by that thread only. */
@FunctionalInterface
public interface OperationSequence {
    PlannedOperation next();
}
