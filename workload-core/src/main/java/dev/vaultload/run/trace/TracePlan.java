package dev.vaultload.run.trace;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;

/**
 * A replay at the trace's own pace: operation {@code i} is due at {@code start + timestampMillis(i) / speed}.
 *
 * @param speed   how many times faster than the trace (1 = its own pace)
 * @param threads threads sharing the schedule, each owning the operations of some users
 */
public record TracePlan(double speed, int threads) {

    public TracePlan {
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("Invalid SPEED='" + speed + "': expected a positive number, e.g. 10");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("Invalid THREADS='" + threads + "': expected a positive integer");
        }
    }

    /**
     * @throws IllegalArgumentException unless every operation but CREATE_USER and the preparations has a timestamp
     */
    public static void requireTimestamps(Fixture fixture, String fixtureName) {
        boolean timed = fixture.operations().stream()
                .filter(operation -> operation.type() != OperationType.CREATE_USER && !operation.preparation())
                .allMatch(operation -> operation.timestampMillis().isPresent());
        if (!timed) {
            throw new IllegalArgumentException("Invalid --mode TRACE: fixture " + fixtureName + " has no timestampMillis"
                    + " on its operations; TRACE replays an imported trace (vaultload fixture import), FIXTURE any fixture");
        }
    }

    /** When an operation of this timestamp is due, in nanoseconds after the start. */
    long dueOffsetNanos(long timestampMillis) {
        return Math.round(timestampMillis * 1e6 / speed);
    }
}
