package dev.vaultload.cli;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * One sharded run on Kubernetes, as {@code vaultload cluster job|run} was asked for it (already validated).
 *
 * @param runId      RUN_ID, shared by every shard, in the names of the run's objects
 * @param shards     SHARD_COUNT: the Job's parallelism and completions
 * @param image      the container image whose entrypoint is {@code vaultload}
 * @param resultsUrl RESULTS_URL, s3://bucket[/prefix]
 * @param startAt    START_AT, or empty: each shard starts when ready
 * @param namespace  the objects' namespace, or empty: the client's (or kubectl's) current one
 * @param cpu        CPU request and limit of one shard, e.g. {@code 2}
 * @param memory     memory request and limit of one shard, e.g. {@code 2Gi}
 * @param restarts   the Job's backoffLimit: container restarts and failed pods it allows across all its shards
 * @param secretName the Secret holding AWS_ACCESS_KEY and AWS_SECRET_KEY
 * @param settings   the run settings given on the command line, for the ConfigMap (never a secret)
 */
record ShardJob(String runId, int shards, String image, String resultsUrl, Optional<Instant> startAt,
                Optional<String> namespace, String cpu, String memory, int restarts, String secretName,
                Map<String, String> settings) {

    /** Every object of the run is named after it: vaultload-RUN_ID (at most 50 characters, a DNS label). */
    String name() {
        return "vaultload-" + runId;
    }

    /** Where {@code vaultload merge} finds the shards' results. */
    String runUrl() {
        return resultsUrl.replaceAll("/+$", "") + "/" + runId;
    }

    ShardJob startingAt(Instant instant) {
        return new ShardJob(runId, shards, image, resultsUrl, Optional.of(instant), namespace, cpu, memory, restarts,
                secretName, settings);
    }
}
