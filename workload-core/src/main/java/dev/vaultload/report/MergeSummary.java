package dev.vaultload.report;

import java.util.List;
import java.util.Map;

/**
 * How a merged result was made from the shards of a run (`vaultload merge`): which shards it adds up, which are
 * missing, each shard's own figures, and the steady window in which every contributing shard was replaying.
 *
 * @param runId              RUN_ID
 * @param status             {@code complete}, or {@code partial} when a shard is missing, failed or left no {@code done}
 * @param shardCount         SHARD_COUNT of the run
 * @param startAt            START_AT of the shards as ISO-8601, null when they started when ready; the wait before it
 *                           is no part of the run's time on its report page
 * @param contributingShards indexes of the shards whose results were added
 * @param missingShards      index -> why it did not contribute
 * @param shards             each contributing shard's figures
 * @param steadyWindow       from the latest replay start to the earliest replay end of the contributing shards; null
 *                           when they never all ran at once
 */
public record MergeSummary(String runId, String status, int shardCount, String startAt, List<Integer> contributingShards,
                           Map<Integer, String> missingShards, List<Shard> shards, SteadyWindow steadyWindow) {
    public static final String COMPLETE = "complete";
    public static final String PARTIAL = "partial";

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
     * The span in which all contributing shards were replaying: the load the store really saw from all of them.
     *
     * @param opsPerSecond     per operation type, operations completed in whole periods inside the window per second
     * @param percentileMicros per operation type, the latency percentiles of those periods (histograms added)
     */
    public record SteadyWindow(long startEpochMillis, long endEpochMillis, Map<String, Double> opsPerSecond,
                               Map<String, Map<String, Long>> percentileMicros) {
    }
}
