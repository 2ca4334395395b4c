package dev.vaultload.run.load;

import dev.vaultload.run.Slot;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** The endless series of operations of one load thread; used by that thread only. */
@FunctionalInterface
public interface OperationSequence {
    /** What a schedule gives when the thread has no more operations to run. */
    long NO_MORE = Long.MAX_VALUE;

    PlannedOperation next();

    /**
     * The thread's slots: each the next operation, due when {@code dueNanos} says ({@link Slot#WHEN_READY} in a closed
     * loop), until it says {@link #NO_MORE}.
     */
    default Supplier<Slot> slots(LongSupplier dueNanos) {
        return () -> {
            long due = dueNanos.getAsLong();
            if (due == NO_MORE) {
                return null;
            }
            PlannedOperation planned = next();
            return new Slot(planned.operation(), planned.locationPrefix(), null, due);
        };
    }
}
