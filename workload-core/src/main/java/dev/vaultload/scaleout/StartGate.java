package dev.vaultload.scaleout;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Holds a prepared shard until START_AT, so that shards started by a batch engine at different moments load the
 * store together without a coordinator. A shard ready after START_AT goes at once and says how late it was.
 */
public final class StartGate {
    /** How often a wait looks for a stop signal: a Ctrl-C during a long wait ends it within this. */
    private static final Duration POLL = Duration.ofMillis(100);

    private final Clock clock;
    private final BooleanSupplier stopRequested;

    /** @param stopRequested whether a signal asks the run to stop: the wait ends then */
    public StartGate(Clock clock, BooleanSupplier stopRequested) {
        this.clock = clock;
        this.stopRequested = stopRequested;
    }

    /** @return how late the shard was ready, 0 when it waited */
    public long awaitMillis(Instant startAt) {
        long latenessMillis = Duration.between(startAt, clock.instant()).toMillis();
        if (latenessMillis > 0) {
            return latenessMillis;
        }
        for (Instant now = clock.instant(); now.isBefore(startAt) && !stopRequested.getAsBoolean(); now = clock.instant()) {
            Duration left = Duration.between(now, startAt);
            LockSupport.parkNanos(Math.min(left.toNanos(), POLL.toNanos()));
        }
        return 0;
    }
}
