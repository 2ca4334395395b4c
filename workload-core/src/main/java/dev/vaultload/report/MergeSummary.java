package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

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

    /**
     * The shards that were restarted (their process died and a new one resumed them), each with its gaps over every
     * combination of the merge, in time order: a gap that a resumed combination carries is one restart.
     */
    public static Map<Integer, List<LifeGap>> restartedShards(List<MergeSummary> summaries) {
        return byShard(summaries, Shard::gaps);
    }

    /**
     * The shards whose process died in a combination before its replay began (creating users, at the barrier) and was
     * started over, each with those restarts over every combination, in time order: they left no gap in the figures.
     */
    public static Map<Integer, List<LifeGap>> restartedBeforeReplay(List<MergeSummary> summaries) {
        return byShard(summaries, Shard::restartsBeforeReplay);
    }

    /** Each shard's {@code ofShard} over every combination, each once, in time order; only shards that have some. */
    private static Map<Integer, List<LifeGap>> byShard(List<MergeSummary> summaries,
                                                       Function<Shard, List<LifeGap>> ofShard) {
        Map<Integer, List<LifeGap>> byShard = new TreeMap<>();
        for (MergeSummary summary : summaries) {
            for (Shard shard : summary.shards()) {
                for (LifeGap gap : ofShard.apply(shard)) {
                    List<LifeGap> gaps = byShard.computeIfAbsent(shard.index(), index -> new ArrayList<>());
                    if (!gaps.contains(gap)) {
                        gaps.add(gap);
                    }
                }
            }
        }
        byShard.values().forEach(gaps -> gaps.sort(Comparator.comparingLong(LifeGap::endedAtEpochMillis)));
        return byShard;
    }

    /** E.g. {@code restarted once before its replay began, 4.0 s without a process}. */
    public static String restartsBeforeReplay(List<LifeGap> restarts) {
        String lengths = restarts.stream().map(gap -> String.format(Locale.ROOT, "%.1f s", gap.millis() / 1000.0))
                .collect(Collectors.joining(", "));
        return "restarted " + times(restarts.size()) + " before its replay began, " + lengths + " without a process";
    }

    /** E.g. {@code shard 1 restarted once, gap 12.3 s}: what a merge says of a restarted shard. */
    public static String restartLine(int index, List<LifeGap> gaps) {
        return "shard " + index + " " + restarts(gaps);
    }

    /** E.g. {@code restarted twice, gaps 12.3 s, 4.0 s}. */
    public static String restarts(List<LifeGap> gaps) {
        String lengths = gaps.stream().map(gap -> String.format(Locale.ROOT, "%.1f s", gap.millis() / 1000.0))
                .collect(Collectors.joining(", "));
        return "restarted " + times(gaps.size()) + ", " + (gaps.size() == 1 ? "gap " : "gaps ") + lengths;
    }

    private static String times(int count) {
        return count == 1 ? "once" : count == 2 ? "twice" : count + " times";
    }

    /** The status of a merge: partial before unsynchronized, since a missing shard is the first thing to fix. */
    public static String statusOf(boolean allShards, Overlap overlap) {
        return !allShards ? PARTIAL : overlap.synchronous() ? COMPLETE : UNSYNCHRONIZED;
    }

    /**
     * The overlap window, from the latest replay start to the earliest replay end of the contributing shards, less
     * the gaps in it (a restarted shard had no process then): the only time in which the store saw all of them at once.
     *
     * @param medianReplayMillis the median contributing shard's replay, its gaps left out
     * @param gapMillis          the time within the window when a shard had no process (result format 2.6)
     * @param share              the window's length (gaps left out) over that median replay, 0 when the shards never all
     *                           replayed at once
     */
    public record Overlap(long startEpochMillis, long endEpochMillis, long medianReplayMillis, long gapMillis,
                          double share) {
        /** Below this share the shards' sum is not a load they made together: the merge is unsynchronized. */
        public static final double MIN_SHARE = 0.8;

        /** @param gaps every contributing shard's gaps: where they lie within the window, they are left out of it */
        public static Overlap of(long startEpochMillis, long endEpochMillis, long medianReplayMillis, List<LifeGap> gaps) {
            long gapMillis = LifeGap.unionMillis(gaps, startEpochMillis, endEpochMillis);
            long windowMillis = Math.max(0, endEpochMillis - startEpochMillis - gapMillis);
            return new Overlap(startEpochMillis, endEpochMillis, medianReplayMillis, gapMillis,
                    medianReplayMillis <= 0 ? 0 : (double) windowMillis / medianReplayMillis);
        }

        /** The time all shards replayed at once: the window, its gaps left out. */
        public long windowMillis() {
            return Math.max(0, endEpochMillis - startEpochMillis - gapMillis);
        }

        public boolean synchronous() {
            return share >= MIN_SHARE;
        }
    }

    /**
     * One shard's part.
     *
     * @param opsPerSecond        its replayed operations per second of its replay, all types
     * @param startLatenessMillis how late it was ready after START_AT (0 for a combination a restarted shard resumed)
     * @param replayMillis        how long its replay took, its gaps left out
     * @param straggler           its replay took more than {@link #STRAGGLER_FACTOR} times the median shard's
     * @param gaps                when its process had died in this combination until a restart of it resumed it (result
     *                            format 2.6); empty for a shard that ran it in one life
     */
    /**
     * A contributing shard's own figures.
     *
     * @param gaps                 when its process had died in the combination until a restart resumed it (2.6)
     * @param restartsBeforeReplay when a process of it died before the combination's replay began and a new one
     *                             started it over: no gap in its figures, but a restart (result format 2.7)
     */
    public record Shard(int index, double opsPerSecond, long startLatenessMillis, long replayMillis, boolean straggler,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LifeGap> gaps,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LifeGap> restartsBeforeReplay) {
        public static final double STRAGGLER_FACTOR = 1.25;

        public Shard {
            gaps = gaps == null ? List.of() : List.copyOf(gaps);
            restartsBeforeReplay = restartsBeforeReplay == null ? List.of() : List.copyOf(restartsBeforeReplay);
        }
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
