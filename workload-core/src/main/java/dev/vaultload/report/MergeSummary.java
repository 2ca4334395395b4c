package dev.vaultload.report;

import java.util.List;
import java.util.Map;

/**
 * How a merged result was made from the shards of a run (`vaultload merge`): which shards it adds up, which are
 * missing, each shard's own figures, how long they all replayed together, and the steady window's figures.
 *
 * @param runId              RUN_ID
 * @param status             {@code complete}; {@code partial} when a shard is missing, failed or left no {@code done};
 *                           else {@code unsynchronized} when the shards replayed together for less than
 *                           {@link Overlap#MIN_SHARE} of the median shard's replay, so their sum was never the load at once
 * @param shardCount         SHARD_COUNT of the run
 * @param startAt            the shards' start of this combination as ISO-8601 (their barrier's, else START_AT), null
 *                           when they started when ready; the wait before it is no part of the run's time on its page
 * @param contributingShards indexes of the shards whose results were added
 * @param missingShards      index -> why it did not contribute
 * @param shards             each contributing shard's figures
 * @param overlap            when every contributing shard was replaying, against the median shard's replay; null when
 *                           no shard contributed
 * @param steadyWindow       the figures of the whole periods inside the overlap window; null when none fits in it
 */
public record MergeSummary(String runId, String status, int shardCount, String startAt, List<Integer> contributingShards,
                           Map<Integer, String> missingShards, List<Shard> shards, Overlap overlap,
                           SteadyWindow steadyWindow) {
    public static final String COMPLETE = "complete";
    public static final String PARTIAL = "partial";
    public static final String UNSYNCHRONIZED = "unsynchronized";

    /** The status of a merge: partial before unsynchronized, since a missing shard is the first thing to fix. */
    public static String statusOf(boolean allShards, Overlap overlap) {
        return !allShards ? PARTIAL : overlap.synchronous() ? COMPLETE : UNSYNCHRONIZED;
    }

    /**
     * The overlap window, from the latest replay start to the earliest replay end of the contributing shards: the
     * only time in which the store saw all of them at once.
     *
     * @param medianReplayMillis the median contributing shard's replay
     * @param share              the window's length over that median replay, 0 when the shards never all replayed at once
     */
    public record Overlap(long startEpochMillis, long endEpochMillis, long medianReplayMillis, double share) {
        /** Below this share the shards' sum is not a load they made together: the merge is unsynchronized. */
        public static final double MIN_SHARE = 0.8;

        public static Overlap of(long startEpochMillis, long endEpochMillis, long medianReplayMillis) {
            long windowMillis = Math.max(0, endEpochMillis - startEpochMillis);
            return new Overlap(startEpochMillis, endEpochMillis, medianReplayMillis,
                    medianReplayMillis <= 0 ? 0 : (double) windowMillis / medianReplayMillis);
        }

        public long windowMillis() {
            return Math.max(0, endEpochMillis - startEpochMillis);
        }

        public boolean synchronous() {
            return share >= MIN_SHARE;
        }
    }

    /**
     * One shard's part.
     *
     * @param opsPerSecond        its replayed operations per second of its replay, all types
     * @param startLatenessMillis how late it was ready after START_AT
     * @param replayMillis        how long its replay took
     * @param straggler           its replay took more than {@link #STRAGGLER_FACTOR} times the median shard's
     */
    public record Shard(int index, double opsPerSecond, long startLatenessMillis, long replayMillis, boolean straggler) {
        public static final double STRAGGLER_FACTOR = 1.25;
    }

    /**
     * The whole periods of the merged interval log inside the overlap window: the load the store really saw from all
     * shards, the merge's throughput.
     *
     * @param opsPerSecond     per operation type, the shards' operations completed in those periods over their length
     * @param percentileMicros per operation type, the latency percentiles of those periods (histograms added)
     */
    public record SteadyWindow(long startEpochMillis, long endEpochMillis, Map<String, Double> opsPerSecond,
                               Map<String, Map<String, Long>> percentileMicros) {
    }
}
