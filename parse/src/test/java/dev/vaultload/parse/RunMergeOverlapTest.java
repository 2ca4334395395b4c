package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.MergeSummary;
import dev.vaultload.report.ShardRun;
import dev.vaultload.scaleout.ShardResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge proves that the shards ran together: shards that replayed one after the other make an unsynchronized
 * merge, however complete; shards that replayed at once give the throughput of their overlap.
 */
class RunMergeOverlapTest {
    private static final long BASE_MILLIS = 1_800_000_000_000L;
    private static final long PERIOD_MILLIS = 1000;
    private static final int PERIODS = 10;
    /** Each synthetic shard completes this many of each replayed operation type per period. */
    private static final int PER_PERIOD = 20;

    @TempDir
    Path folder;

    @Test
    void shardsThatReplayedOneAfterAnotherAreUnsynchronized() throws IOException {
        Path run = folder.resolve("r1");
        long shardMillis = (PERIODS + 1) * PERIOD_MILLIS; // its users' period, then its replay
        for (int index = 0; index < 3; index++) {
            shard(run, index, 3, index * shardMillis);
        }
        RunMerge.Outcome outcome = new RunMerge().merge(run, folder.resolve("merged"));

        MergeSummary summary = outcome.summaries().getFirst();
        assertEquals(MergeSummary.UNSYNCHRONIZED, summary.status(), "every shard passed, but never at once");
        assertEquals(0, summary.overlap().windowMillis());
        assertEquals(0.0, summary.overlap().share());
        assertEquals(PERIODS * PERIOD_MILLIS, summary.overlap().medianReplayMillis());
        assertFalse(outcome.accepted(false), "the merge fails");
        assertTrue(outcome.accepted(true), "unless the unsynchronized merge is accepted");
        assertTrue(Files.readString(folder.resolve("merged/report.html")).contains("unsynchronized"));
    }

    @Test
    void shardsThatReplayedTogetherGiveTheThroughputOfTheirOverlap() throws IOException {
        Path run = folder.resolve("r1");
        shard(run, 0, 3, 0);
        shard(run, 1, 3, PERIOD_MILLIS); // a period later: the overlap is 9 of each shard's 10 periods
        shard(run, 2, 3, 0);
        RunMerge.Outcome outcome = new RunMerge().merge(run, folder.resolve("merged"));

        MergeSummary summary = outcome.summaries().getFirst();
        assertEquals(MergeSummary.COMPLETE, summary.status());
        assertTrue(outcome.accepted(false));
        assertEquals((PERIODS - 1) * PERIOD_MILLIS, summary.overlap().windowMillis());
        assertEquals(0.9, summary.overlap().share(), 1e-9);
        // in every whole period of the overlap all three shards completed their operations
        summary.steadyWindow().opsPerSecond().forEach((operation, opsPerSecond) ->
                assertEquals(3.0 * PER_PERIOD * 1000 / PERIOD_MILLIS, opsPerSecond, 1e-9, operation));
        String page = Files.readString(folder.resolve("merged/report.html"));
        assertTrue(page.contains("90%</span> of the median shard's replay"), "the page gives the share");
    }

    @Test
    void aShortOverlapIsUnsynchronized() throws IOException {
        Path run = folder.resolve("r1");
        shard(run, 0, 2, 0);
        shard(run, 1, 2, 3 * PERIOD_MILLIS); // 7 of 10 periods together: 70%
        RunMerge.Outcome outcome = new RunMerge().merge(run, folder.resolve("merged"));

        MergeSummary summary = outcome.summaries().getFirst();
        assertEquals(0.7, summary.overlap().share(), 1e-9);
        assertEquals(MergeSummary.UNSYNCHRONIZED, summary.status());
    }

    /** Shard {@code index} of {@code count}, its users' period at {@code offsetMillis} past the base, then its replay. */
    static void shard(Path run, int index, int count, long offsetMillis) throws IOException {
        Path shardFolder = Files.createDirectories(run.resolve("shard-" + index));
        SyntheticRun shard = new SyntheticRun().startingAt(BASE_MILLIS + offsetMillis).periods(PERIODS, PERIOD_MILLIS)
                .loads(List.of(new SyntheticRun.Load(OperationType.WRITE, 20_000, PER_PERIOD),
                        new SyntheticRun.Load(OperationType.READ, 2_000, PER_PERIOD)))
                .seed(index);
        shard.shard(new ShardRun("r1", index, count, null, 0, shard.replayStartMillis(), shard.replayStartMillis(),
                shard.replayEndMillis())).write(shardFolder, "SyntheticRun-MEMORY-2t-100k");
        Files.writeString(shardFolder.resolve(ShardResults.DONE), ShardResults.PASSED);
    }
}
