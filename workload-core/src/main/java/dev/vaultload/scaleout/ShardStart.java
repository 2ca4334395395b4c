package dev.vaultload.scaleout;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/** When a prepared shard starts replaying a combination: with the others at a {@link ShardBarrier}, or at START_AT. */
@FunctionalInterface
public interface ShardStart {
    /** A run that is not sharded: every combination starts when ready. */
    ShardStart AT_ONCE = combination -> Optional.empty();

    /**
     * Called once per combination, in the run's order, once the combination's users exist; may block until the
     * other shards are ready.
     *
     * @param combination names the combination alike in every shard ({@code [a-z0-9-]+})
     * @return the instant to wait for with the {@link StartGate}, empty to start at once
     */
    Optional<Instant> startOf(String combination);

    /**
     * Without a results store to meet in (or one shard): START_AT for the first combination, then at once, since
     * no instant fixed in advance fits combinations whose preparation takes a different time in each shard.
     */
    static ShardStart startAtOnly(ShardPlan shard) {
        AtomicBoolean first = new AtomicBoolean(true);
        return combination -> first.getAndSet(false) ? shard.startAt() : Optional.empty();
    }
}
