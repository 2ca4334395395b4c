package dev.vaultload.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.storage.FileSystemBlobStore;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The barrier in a results directory: shards that come at different moments leave it together, or fail naming who did not come. */
class ShardBarrierTest {
    private static final String RUN = "r1/";

    @TempDir
    Path results;

    @Test
    void shardsReadyAtDifferentMomentsStartTogether() throws Exception {
        int shards = 3;
        ExecutorService pool = Executors.newFixedThreadPool(shards);
        try {
            List<Future<long[]>> futures = new ArrayList<>();
            for (int index = 0; index < shards; index++) {
                int shard = index;
                futures.add(pool.submit(() -> {
                    Thread.sleep(400L * shard); // preparing: the later shards are slower
                    long readyMillis = System.currentTimeMillis();
                    Instant start = barrier(shard, shards, Duration.ofSeconds(20), Optional.empty())
                            .startOf("embedded-t2-s100").orElseThrow();
                    long lateMillis = new StartGate(Clock.systemUTC(), () -> false).awaitMillis(start);
                    return new long[] {readyMillis, start.toEpochMilli(), System.currentTimeMillis(), lateMillis};
                }));
            }
            List<long[]> outcomes = new ArrayList<>();
            for (Future<long[]> future : futures) {
                outcomes.add(future.get(30, TimeUnit.SECONDS));
            }
            long lastReady = outcomes.stream().mapToLong(outcome -> outcome[0]).max().orElseThrow();
            long start = outcomes.getFirst()[1];
            for (long[] outcome : outcomes) {
                assertEquals(start, outcome[1], "one start for every shard");
                assertEquals(0, outcome[3], "no shard was late for it");
                assertTrue(outcome[2] >= start && outcome[2] - start < 250, () -> "went " + (outcome[2] - start) + " ms after the start");
            }
            assertTrue(start >= lastReady + ShardBarrier.LEAD.toMillis() - 50, "the start is after the last shard was ready");
            assertTrue(start - lastReady < ShardBarrier.LEAD.toMillis() + 1000, () -> "the start came " + (start - lastReady)
                    + " ms after the last shard was ready");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theStartIsNeverBeforeStartAt() {
        Instant startAt = Instant.now().plusSeconds(30);
        assertEquals(Optional.of(startAt), barrier(0, 1, Duration.ofSeconds(5), Optional.of(startAt)).startOf("c"));
    }

    @Test
    void aShardThatNeverComesFailsTheWaitingShardNamingIt() {
        ready(1, "c");
        ShardBarrier.Timeout timeout = assertThrows(ShardBarrier.Timeout.class,
                () -> barrier(0, 4, Duration.ofMillis(300), Optional.empty()).startOf("c"));
        assertTrue(timeout.getMessage().startsWith("shard 0 of r1: shards [2, 3] never came to the barrier of combination c"
                + " within BARRIER_TIMEOUT="), timeout.getMessage());
        assertEquals(1, timeout.getMessage().lines().count());
    }

    @Test
    void aShardWaitsForShardZerosStartAndNamesItWhenNoneComes() {
        ready(0, "c");
        ShardBarrier.Timeout timeout = assertThrows(ShardBarrier.Timeout.class,
                () -> barrier(1, 2, Duration.ofMillis(300), Optional.empty()).startOf("c"));
        assertTrue(timeout.getMessage().startsWith("shard 1 of r1: shard 0 never wrote the start of the barrier of"
                + " combination c"), timeout.getMessage());
    }

    @Test
    void aStopSignalEndsTheWaitWithoutAStart() {
        ShardBarrier stopped = new ShardBarrier(new FileSystemBlobStore(results), RUN, plan(0, 2, Optional.empty()),
                Duration.ofSeconds(20), Clock.systemUTC(), () -> true);
        assertEquals(Optional.empty(), stopped.startOf("c"));
    }

    @Test
    void aShardThatWasAtABarrierOfTheRunIdBeforeIsRefused() {
        barrier(1, 2, Duration.ofSeconds(5), Optional.empty()).refuseIfUsed();
        ready(1, "c");
        IllegalArgumentException reused = assertThrows(IllegalArgumentException.class,
                () -> barrier(1, 2, Duration.ofSeconds(5), Optional.empty()).refuseIfUsed());
        assertTrue(reused.getMessage().endsWith(": choose a new RUN_ID"), reused.getMessage());
        barrier(0, 2, Duration.ofSeconds(5), Optional.empty()).refuseIfUsed();
    }

    @Test
    void aRestartedShardZeroGivesTheStartItsDeadLifeGaveTheOthers() {
        Instant given = barrier(0, 1, Duration.ofSeconds(5), Optional.empty()).startOf("c").orElseThrow();
        ready(1, "c");
        // shard 1 took the start; shard 0 died before its replay and comes to the same barrier again, later
        assertEquals(Optional.of(given), barrier(0, 2, Duration.ofSeconds(5), Optional.empty()).startOf("c"));
    }

    private ShardBarrier barrier(int index, int count, Duration timeout, Optional<Instant> startAt) {
        return new ShardBarrier(new FileSystemBlobStore(results), RUN, plan(index, count, startAt), timeout,
                Clock.systemUTC(), () -> false);
    }

    private static ShardPlan plan(int index, int count, Optional<Instant> startAt) {
        return new ShardPlan(Optional.of("r1"), index, count, startAt);
    }

    private void ready(int index, String combination) {
        new FileSystemBlobStore(results).put(RUN + "barrier/" + combination + "/ready-" + index,
                new ByteArrayInputStream(new byte[0]), 0);
    }
}
