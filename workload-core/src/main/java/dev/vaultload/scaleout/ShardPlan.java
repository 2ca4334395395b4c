package dev.vaultload.scaleout;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * This process's part of a sharded run: every shard replays the same fixture on its own users (their ids carry
 * RUN_ID and the shard index) under its own location prefixes, so shards never touch each other's data and each
 * shard's validation stays exact.
 *
 * @param runId   RUN_ID, empty for a run that is not sharded and publishes nothing
 * @param index   SHARD_INDEX, 0 to count - 1
 * @param count   SHARD_COUNT, 1 for a run that is not sharded
 * @param startAt START_AT: when the shards start replaying together, empty to start when ready
 */
public record ShardPlan(Optional<String> runId, int index, int count, Optional<Instant> startAt) {
    /** A single process, not part of a sharded run. */
    public static final ShardPlan SINGLE = new ShardPlan(Optional.empty(), 0, 1, Optional.empty());

    public ShardPlan {
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("Invalid " + ShardSettings.SHARD_INDEX.name() + "='" + index
                    + "': expected an integer below " + ShardSettings.SHARD_COUNT.name() + " (" + count + ")");
        }
    }

    /**
     * Reads the shard settings; SHARD_INDEX and SHARD_COUNT fall back on the batch engines' variables: a Kubernetes
     * Indexed Job's JOB_COMPLETION_INDEX (its count must be given as SHARD_COUNT), an AWS Batch array job's
     * AWS_BATCH_JOB_ARRAY_INDEX and AWS_BATCH_JOB_ARRAY_SIZE, a Slurm array's SLURM_ARRAY_TASK_ID (less
     * SLURM_ARRAY_TASK_MIN, since Slurm arrays may start at 1) and SLURM_ARRAY_TASK_COUNT.
     *
     * @param settings lookup by name (a setting or an environment variable), null when unset
     * @throws IllegalArgumentException naming the setting or variable that is wrong or missing
     */
    public static ShardPlan read(Function<String, String> settings) {
        int count = ShardSettings.SHARD_COUNT.find(settings)
                .or(() -> engineVariable(settings, "AWS_BATCH_JOB_ARRAY_SIZE", 1))
                .or(() -> engineVariable(settings, "SLURM_ARRAY_TASK_COUNT", 1))
                .orElse(1);
        int index = ShardSettings.SHARD_INDEX.find(settings)
                .or(() -> engineVariable(settings, "JOB_COMPLETION_INDEX", 0))
                .or(() -> engineVariable(settings, "AWS_BATCH_JOB_ARRAY_INDEX", 0))
                .or(() -> engineVariable(settings, "SLURM_ARRAY_TASK_ID", 0).map(id ->
                        id - engineVariable(settings, "SLURM_ARRAY_TASK_MIN", 0).orElse(0)))
                .orElse(0);
        if (settings.apply("JOB_COMPLETION_INDEX") != null && ShardSettings.SHARD_COUNT.find(settings).isEmpty()) {
            throw new IllegalArgumentException("Invalid " + ShardSettings.SHARD_COUNT.name() + ": unset in a Kubernetes"
                    + " Indexed Job (JOB_COMPLETION_INDEX is set); expected the Job's completions");
        }
        Optional<String> runId = ShardSettings.RUN_ID.find(settings);
        boolean publishes = ShardSettings.RESULTS_URL.find(settings).isPresent();
        if (runId.isEmpty() && (count > 1 || publishes)) {
            throw new IllegalArgumentException("Invalid " + ShardSettings.RUN_ID.name() + ": unset with "
                    + (count > 1 ? ShardSettings.SHARD_COUNT.name() + "=" + count : ShardSettings.RESULTS_URL.name())
                    + "; expected one id that every shard of the run gets, e.g. " + ShardSettings.RUN_ID.name() + "=r1");
        }
        return new ShardPlan(runId, index, count, ShardSettings.START_AT.find(settings));
    }

    public boolean sharded() {
        return runId.isPresent();
    }

    /** Prefix of the store-side user ids: the run and shard, so no two shards or runs share a user. */
    public String userNamespace() {
        return runId.map(id -> id + "-s" + index).orElse("");
    }

    /** Prefix of every location this shard writes, before the pass and execution ({@code s2p0e1/}). */
    public String locationPrefix() {
        return sharded() ? "s" + index : "";
    }

    /** This shard's part of a global rate: R / N. */
    public double shareOfRate(double opsPerSecond) {
        return opsPerSecond / count;
    }

    /**
     * This shard's part of a global concurrency: 1/N of it, which must divide evenly, so every step of HEADROOM
     * loads the store with exactly the concurrency it names.
     *
     * @param option the option that gave the value, for the error
     */
    public int shareOfConcurrency(String option, int global) {
        if (global % count != 0) {
            throw new IllegalArgumentException(option + " " + global + ": HEADROOM's concurrency is global and split"
                    + " evenly over the shards, so it must be a multiple of " + ShardSettings.SHARD_COUNT.name() + " ("
                    + count + ")");
        }
        return global / count;
    }

    private static Optional<Integer> engineVariable(Function<String, String> settings, String name, int min) {
        String text = settings.apply(name);
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value >= min && value <= ShardSettings.MAX_SHARDS) {
                return Optional.of(value);
            }
        } catch (NumberFormatException e) {
            // refused below with the variable's name
        }
        throw new IllegalArgumentException("Invalid " + name + "='" + text.trim() + "': expected an integer within ["
                + min + ", " + ShardSettings.MAX_SHARDS + "]");
    }
}
