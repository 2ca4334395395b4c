package dev.vaultload.run;

import java.util.function.Supplier;

/**
 * What one worker thread of a {@link MeasurementLoop} runs: a mode's schedule for that thread, in order. Used by
 * that thread only.
 */
public interface Lane {
    /** A lane of {@code slots}, which gives null once there are no more, and no hooks. */
    static Lane of(TimedOperation timed, Supplier<Slot> slots) {
        return new Lane() {
            @Override
            public TimedOperation timed() {
                return timed;
            }

            @Override
            public Slot next() {
                return slots.get();
            }
        };
    }

    /** The thread's own timed operation: its executor keeps the thread's expectations. */
    TimedOperation timed();

    /** The next slot, or null when the lane has no more. */
    Slot next();

    /**
     * Called when a slot is due, right before it runs: TRACE waits here for the SHAREs of other lanes that the
     * operation depends on, and takes how late it starts.
     */
    default void due(Slot slot) throws InterruptedException {
    }

    /** Called after the slot ran, whatever its outcome. */
    default void ran(Slot slot) {
    }

    /** Called once when the lane ends, however it ends (a stop, an exception): TRACE releases the lanes waiting on it. */
    default void ended() {
    }
}
