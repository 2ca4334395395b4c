package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A shard's part of a sharded run, in its JSON result: which shard, when it was asked to start and when its replay
 * really ran, on the epoch clock (which START_AT and the clock skew check keep within CLOCK_SKEW_LIMIT across shards).
 *
 * @param runId                RUN_ID
 * @param index                SHARD_INDEX
 * @param count                SHARD_COUNT
 * @param startAt              when this combination was to start, as ISO-8601: the shards' common start from their
 *                             barrier, else START_AT (first combination only); null when the shard started when ready
 * @param startLatenessMillis  how long after {@code startAt} the shard was ready to replay; 0 when it waited for it
 * @param readyEpochMillis     when its users existed and it was ready to replay (it came to the barrier)
 * @param replayStartEpochMillis when the replay began (after the users were created and START_AT reached)
 * @param replayEndEpochMillis when the replay (with its validation) ended
 * @param restartsBeforeReplay each time a process of this shard died in the combination before its replay began and
 *                             a new one started it over: from where the dead one's journal ends to the new start. Not
 *                             in {@link RunTiming#gaps()}, which are gaps in what was measured
 */
public record ShardRun(String runId, int index, int count, String startAt, long startLatenessMillis,
                       long readyEpochMillis, long replayStartEpochMillis, long replayEndEpochMillis,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LifeGap> restartsBeforeReplay) {

    public ShardRun {
        restartsBeforeReplay = restartsBeforeReplay == null ? List.of() : List.copyOf(restartsBeforeReplay);
    }

    /** A shard's part with no restart before its replay. */
    public ShardRun(String runId, int index, int count, String startAt, long startLatenessMillis, long readyEpochMillis,
                    long replayStartEpochMillis, long replayEndEpochMillis) {
        this(runId, index, count, startAt, startLatenessMillis, readyEpochMillis, replayStartEpochMillis,
                replayEndEpochMillis, List.of());
    }

    public long replayMillis() {
        return replayEndEpochMillis - replayStartEpochMillis;
    }
}
