package dev.vaultload.scaleout;

import dev.vaultload.storage.BlobStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The shards of a run meet before every combination, through the results store they already share (a directory, a
 * results bucket), so no coordinator is needed: each shard writes {@code RUN_ID/barrier/<combination>/ready-<i>}
 * once its users exist, polls the folder with backoff until every shard's {@code ready} is there, and shard 0 then
 * writes {@code start}, an instant {@link #LEAD} ahead (never before START_AT), which every shard reads and waits
 * for with the {@link StartGate}. One list or get per poll, a few per second at most: cheap for any store.
 */
public final class ShardBarrier implements ShardStart {
    /** The first poll's pause; it doubles up to {@link #MAX_POLL}. */
    static final Duration FIRST_POLL = Duration.ofMillis(20);
    static final Duration MAX_POLL = Duration.ofMillis(500);
    /** How far ahead shard 0 sets the start: more than a poll, so every shard sees it before it comes. */
    static final Duration LEAD = Duration.ofMillis(1500);
    static final String START = "start";

    private final BlobStore store;
    private final String runKey;
    private final ShardPlan shard;
    private final Duration timeout;
    private final Clock clock;
    private final BooleanSupplier stopRequested;

    /**
     * @param store         the results store
     * @param runKey        the run's folder in it, {@code [prefix/]RUN_ID/}
     * @param timeout       BARRIER_TIMEOUT: how long a shard waits for the others at one barrier
     * @param stopRequested a signal ends a wait at once (the run then stops)
     */
    public ShardBarrier(BlobStore store, String runKey, ShardPlan shard, Duration timeout, Clock clock,
                        BooleanSupplier stopRequested) {
        this.store = store;
        this.runKey = runKey;
        this.shard = shard;
        this.timeout = timeout;
        this.clock = clock;
        this.stopRequested = stopRequested;
    }

    /**
     * Called for a shard that starts its run, not for one restarted to resume it (which comes to the barriers that are
     * left, and passes those it had passed before at once, late).
     *
     * @throws IllegalArgumentException when this shard of this RUN_ID has been at a barrier before: the earlier run's
     *                                  ready and start objects would let it pass at once
     */
    public void refuseIfUsed() {
        readyOf(store, runKey, shard.index()).ifPresent(key -> {
            throw new IllegalArgumentException("RUN_ID already has this shard at a barrier, " + store.locate(key)
                    + ": choose a new RUN_ID");
        });
    }

    /** A ready object shard {@code index} of the run at {@code runKey} wrote at some barrier; empty if it never came to one. */
    public static Optional<String> readyOf(BlobStore store, String runKey, int index) {
        String mine = "/ready-" + index;
        try (Stream<String> keys = store.list(runKey + "barrier/")) {
            return keys.filter(key -> key.endsWith(mine)).findAny();
        }
    }

    /**
     * Waits until every shard is ready for this combination and returns their common start; empty when a signal
     * ended the wait.
     *
     * @throws Timeout when a shard does not come (or shard 0 writes no start) within BARRIER_TIMEOUT
     */
    @Override
    public Optional<Instant> startOf(String combination) {
        String folder = folder(combination);
        Instant deadline = clock.instant().plus(timeout);
        write(readyKey(combination), clock.instant().toString());
        Backoff backoff = new Backoff();
        for (List<Integer> absent = absent(folder); !absent.isEmpty(); absent = absent(folder)) {
            if (!backoff.pauseUntil(deadline)) {
                return stopRequested.getAsBoolean() ? Optional.empty() : timedOut(combination, absent, "never came to");
            }
        }
        if (shard.index() == 0) {
            // a shard 0 restarted before its replay began finds the start its dead life gave the others: theirs holds
            Optional<Instant> given = read(folder + START);
            if (given.isPresent()) {
                return given;
            }
            Instant start = clock.instant().plus(LEAD);
            Instant startAt = shard.startAt().filter(start::isBefore).orElse(start);
            write(folder + START, startAt.toString());
            return Optional.of(startAt);
        }
        backoff = new Backoff();
        for (Optional<Instant> start = read(folder + START); ; start = read(folder + START)) {
            if (start.isPresent()) {
                return start;
            }
            if (!backoff.pauseUntil(deadline)) {
                return stopRequested.getAsBoolean() ? Optional.empty()
                        : timedOut(combination, List.of(0), "never wrote the start of");
            }
        }
    }

    private String folder(String combination) {
        return runKey + "barrier/" + combination + "/";
    }

    private String readyKey(String combination) {
        return folder(combination) + "ready-" + shard.index();
    }

    private List<Integer> absent(String folder) {
        Set<String> present;
        try (Stream<String> keys = store.list(folder)) {
            present = keys.map(key -> key.substring(folder.length())).collect(Collectors.toSet());
        }
        return IntStream.range(0, shard.count()).filter(index -> !present.contains("ready-" + index)).boxed().toList();
    }

    private Optional<Instant> read(String key) {
        return TextObjects.read(store, key).map(Instant::parse);
    }

    private void write(String key, String text) {
        TextObjects.write(store, key, text);
    }

    private Optional<Instant> timedOut(String combination, List<Integer> shards, String what) {
        throw new Timeout("shard " + shard.index() + " of " + shard.runId().orElseThrow() + ": "
                + (shards.size() == 1 ? "shard " + shards.getFirst() : "shards " + shards) + " " + what
                + " the barrier of combination " + combination + " within " + ShardSettings.BARRIER_TIMEOUT.name() + "="
                + timeout.toSeconds() + "s (this shard's: " + store.locate(readyKey(combination)) + ")");
    }

    /** Pauses that double up to {@link #MAX_POLL}, cut short by the deadline and by a stop signal. */
    private final class Backoff {
        private Duration pause = FIRST_POLL;

        /** @return false when the deadline has passed or a stop was requested: stop polling */
        boolean pauseUntil(Instant deadline) {
            Instant now = clock.instant();
            if (!now.isBefore(deadline) || stopRequested.getAsBoolean()) {
                return false;
            }
            Duration left = Duration.between(now, deadline);
            LockSupport.parkNanos(Math.min(pause.toNanos(), left.toNanos()));
            pause = pause.multipliedBy(2).compareTo(MAX_POLL) > 0 ? MAX_POLL : pause.multipliedBy(2);
            return true;
        }
    }

    /** A shard did not come to a barrier in time: the waiting shard fails, naming it. */
    public static final class Timeout extends RuntimeException {
        Timeout(String message) {
            super(message);
        }
    }
}
