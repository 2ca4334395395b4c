package dev.vaultload.run;

import dev.vaultload.fixture.Operation;

/**
 * One operation of a {@link Lane}: what runs, under which location prefix, and when it is due.
 *
 * @param fixtureIndex the operation's place in the fixture; null when it is not a fixture's operation
 * @param dueNanos     when an open loop intended it to start ({@link System#nanoTime()}); {@link #WHEN_READY} in a
 *                     closed loop, where an operation is due when the one before it has ended
 */
public record Slot(Operation operation, String locationPrefix, Integer fixtureIndex, long dueNanos) {
    public static final long WHEN_READY = Long.MIN_VALUE;

    /** A closed loop's slot. */
    public static Slot whenReady(Operation operation, String locationPrefix, Integer fixtureIndex) {
        return new Slot(operation, locationPrefix, fixtureIndex, WHEN_READY);
    }

    /** Whether the slot has a due time of its own (an open loop's), so that its latency counts from it. */
    public boolean paced() {
        return dueNanos != WHEN_READY;
    }
}
