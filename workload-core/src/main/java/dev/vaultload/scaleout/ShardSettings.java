package dev.vaultload.scaleout;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * The shard contract (docs/scale-out.md): which shard of how many this process is, the run it belongs to, when the
 * shards start together and where their results go. The batch engines' own variables give the index and count
 * when SHARD_INDEX and SHARD_COUNT are unset ({@link ShardPlan#read}).
 */
public final class ShardSettings implements SettingDeclarations {
    /** Shard indexes and counts are bounded so that a typo (a Unix time, a port) is refused, not run. */
    public static final int MAX_SHARDS = 10_000;

    public static final Setting<Integer> SHARD_INDEX = Setting.optional("SHARD_INDEX",
            SettingType.integerWithin(0, MAX_SHARDS - 1),
            "`JOB_COMPLETION_INDEX`, `AWS_BATCH_JOB_ARRAY_INDEX`, `SLURM_ARRAY_TASK_ID` - `SLURM_ARRAY_TASK_MIN`, else 0",
            "this process's shard, below `SHARD_COUNT`; see [docs/scale-out.md](docs/scale-out.md)");
    public static final Setting<Integer> SHARD_COUNT = Setting.optional("SHARD_COUNT",
            SettingType.integerWithin(1, MAX_SHARDS), "`AWS_BATCH_JOB_ARRAY_SIZE`, `SLURM_ARRAY_TASK_COUNT`, else 1",
            "shards of the run, each a whole process on its own users; RATE's `--rate` is split evenly over them,"
                    + " HEADROOM's concurrency is global");
    public static final Setting<String> RUN_ID = Setting.optional("RUN_ID", new SettingType<>(
                    "1-40 characters of a-z, 0-9 and '-', starting with a letter or digit", ShardSettings::runId),
            "none; required with `RESULTS_URL` or `SHARD_COUNT` > 1",
            "the run the shards share: in their user ids and their results' folder `RUN_ID/shard-<i>/`; a FIXTURE run"
                    + " started again with the same RUN_ID resumes the combinations its dead process journaled in"
                    + " `REPORT_DIR` and skips those it finished ([docs/run-journal.md](docs/run-journal.md))");
    public static final Setting<Instant> START_AT = Setting.optional("START_AT", new SettingType<>(
                    "a UTC instant such as 2026-11-23T10:15:00Z", ShardSettings::instant), "start when ready",
            "no shard replays before this instant; with `RESULTS_URL` and several shards they also meet at a barrier"
                    + " before every combination, else it aligns the first only; a shard ready after the start goes at"
                    + " once and its JSON says how late (`shard.startLatenessMillis`)");
    public static final Setting<ResultsLocation> RESULTS_URL = Setting.optional("RESULTS_URL", new SettingType<>(
                    "a directory, or s3://bucket[/prefix]", ResultsLocation::parse), "results stay in `REPORT_DIR`",
            "where each shard writes `RUN_ID/shard-<i>/` (JSON, .hlog, Datasafe log, then `done`); an s3:// results"
                    + " bucket is reached at `RESULTS_S3_URL`; `vaultload merge RESULTS_URL/RUN_ID` merges them");
    public static final Setting<Duration> CLOCK_SKEW_LIMIT = Setting.of("CLOCK_SKEW_LIMIT", SettingType.duration(), "1s",
            "with an s3:// `RESULTS_URL`, a shard whose clock differs more from the results store's (its `Date` header)"
                    + " refuses to start");

    public static final Setting<Duration> BARRIER_TIMEOUT = Setting.of("BARRIER_TIMEOUT", SettingType.duration(), "10m",
            "with `RESULTS_URL` and `SHARD_COUNT` > 1, how long a shard waits for the others at each combination's"
                    + " barrier before it fails, naming the shards that never came");

    public static final Setting<Boolean> EXIT_ZERO_WHEN_DONE = Setting.of("EXIT_ZERO_WHEN_DONE", SettingType.flag(),
            "false", "with `RESULTS_URL`, a shard that wrote its `done` exits 0 whatever its verdict, which `done` and"
                    + " `vaultload merge` carry: `vaultload cluster job` sets it, since its Job (`restartPolicy:"
                    + " OnFailure`) restarts a container that exits non-zero, which is meant for one that died");

    public static final Setting<String> JOB_UID = Setting.optional("JOB_UID", SettingType.text("a Kubernetes Job's uid"),
            "none", "with `RESULTS_URL`, the Job whose pods run the shards (`vaultload cluster job` sets it from the"
                    + " pod's `batch.kubernetes.io/controller-uid` label): the first shard keeps it in `RUN_ID/job`; a"
                    + " pod of that Job that replaces a lost one and cannot resume its shard (no journal) ends it as"
                    + " lost (exit 0) instead of being refused until the Job fails, and another Job with this `RUN_ID`"
                    + " is refused");

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public String topic() {
        return "Shards: one run over several processes";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(SHARD_INDEX, SHARD_COUNT, RUN_ID, START_AT, RESULTS_URL, CLOCK_SKEW_LIMIT, BARRIER_TIMEOUT,
                EXIT_ZERO_WHEN_DONE, JOB_UID);
    }

    private static String runId(String text) {
        if (!text.matches("[a-z0-9][a-z0-9-]{0,39}")) {
            throw new IllegalArgumentException(text);
        }
        return text;
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
