package dev.vaultload.report;

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
 */
public record ShardRun(String runId, int index, int count, String startAt, long startLatenessMillis,
                       long readyEpochMillis, long replayStartEpochMillis, long replayEndEpochMillis) {

    public long replayMillis() {
        return replayEndEpochMillis - replayStartEpochMillis;
    }
}
