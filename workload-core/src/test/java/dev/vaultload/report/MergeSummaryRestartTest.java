package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A restarted shard's gaps in a merge: left out of the overlap once each, and named per shard over the combinations. */
class MergeSummaryRestartTest {
    @Test
    void gapsInsideTheWindowAreLeftOutOfItOnce() {
        List<LifeGap> gaps = List.of(new LifeGap(2_000, 5_000), new LifeGap(4_000, 6_000), new LifeGap(9_000, 12_000));
        // [2, 6) once, and [9, 10) of the last: the window's own 10 s less 5 s
        MergeSummary.Overlap overlap = MergeSummary.Overlap.of(0, 10_000, 10_000, gaps);
        assertEquals(5_000, overlap.gapMillis());
        assertEquals(5_000, overlap.windowMillis());
        assertEquals(0.5, overlap.share(), 1e-9);
        assertFalse(overlap.synchronous());
        assertTrue(MergeSummary.Overlap.of(0, 10_000, 10_000, List.of()).synchronous());
    }

    @Test
    void eachShardIsNamedWithItsGapsOverEveryCombination() {
        LifeGap first = new LifeGap(1_000, 13_300);
        LifeGap second = new LifeGap(40_000, 44_000);
        List<MergeSummary> summaries = List.of(summary(shard(0, List.of()), shard(1, List.of(first))),
                summary(shard(0, List.of()), shard(1, List.of(first, second))));
        Map<Integer, List<LifeGap>> restarted = MergeSummary.restartedShards(summaries);
        assertEquals(Map.of(1, List.of(first, second)), restarted);
        assertEquals("shard 1 restarted twice, gaps 12.3 s, 4.0 s", MergeSummary.restartLine(1, restarted.get(1)));
        assertEquals("shard 1 restarted once, gap 12.3 s", MergeSummary.restartLine(1, List.of(first)));
    }

    @Test
    void aShardRestartedBeforeItsReplayIsNamedApartFromTheGaps() {
        LifeGap beforeReplay = new LifeGap(1_000, 9_200);
        MergeSummary.Shard restarted = new MergeSummary.Shard(1, 10, 0, 10_000, false, List.of(), List.of(beforeReplay));
        List<MergeSummary> summaries = List.of(summary(shard(0, List.of()), restarted), summary(shard(0, List.of()),
                shard(1, List.of())));
        assertEquals(Map.of(), MergeSummary.restartedShards(summaries), "no gap in what was measured");
        assertEquals(Map.of(1, List.of(beforeReplay)), MergeSummary.restartedBeforeReplay(summaries));
        assertEquals("restarted once before its replay began, 8.2 s without a process",
                MergeSummary.restartsBeforeReplay(List.of(beforeReplay)));
    }

    private static MergeSummary.Shard shard(int index, List<LifeGap> gaps) {
        return new MergeSummary.Shard(index, 10, 0, 10_000, false, gaps, List.of());
    }

    private static MergeSummary summary(MergeSummary.Shard... shards) {
        return new MergeSummary("r1", MergeSummary.COMPLETE, 2, null, List.of(0, 1), Map.of(), List.of(shards),
                MergeSummary.Overlap.of(0, 10_000, 10_000, List.of()), null);
    }
}
