package dev.vaultload.cli;

import dev.vaultload.run.RunSettings;
import dev.vaultload.scaleout.ResultsLocation;
import dev.vaultload.scaleout.ShardSettings;
import dev.vaultload.settings.Setting;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options that {@code cluster job} and {@code cluster run} share: the shard contract's (which the Job sets for
 * each shard) and the pods' shape. Every other run setting is an option too ({@link #addRunSettings}) and lands in the
 * run's ConfigMap; secrets are not options here, they come from a Secret.
 */
final class ClusterOptions {
    /** Set by the Job itself, or by these options: never from the ConfigMap. */
    private static final Set<String> CONTRACT = Set.of(ShardSettings.SHARD_INDEX.name(), ShardSettings.SHARD_COUNT.name(),
            ShardSettings.RUN_ID.name(), ShardSettings.START_AT.name(), ShardSettings.RESULTS_URL.name(),
            ShardSettings.EXIT_ZERO_WHEN_DONE.name(), RunSettings.REPORT_DIR.name());
    /** A bound on --restarts, so that a typo is refused rather than a Job that restarts a crashing shard for days. */
    private static final int MAX_RESTARTS = 1000;
    private static final DateTimeFormatter RUN_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    @Option(names = "--shards", required = true, paramLabel = "N", description = "shards: the Job's parallelism and completions")
    private int shards;

    @Option(names = "--image", required = true, paramLabel = "IMAGE", description = "the Vaultload image, e.g. registry.example.com/vaultload:0.1.0")
    private String image;

    @Option(names = "--results", required = true, paramLabel = "s3://BUCKET[/PREFIX]",
            description = "RESULTS_URL: the results bucket, apart from the bucket under test")
    private String results;

    @Option(names = "--run-id", paramLabel = "ID", description = "RUN_ID (default: r, the UTC time and 4 random hex digits)")
    private String runId;

    @Option(names = "--start-at", paramLabel = "INSTANT", description = "START_AT, a UTC instant such as 2026-11-23T10:15:00Z")
    private String startAt;

    @Option(names = "--namespace", paramLabel = "NS", description = "namespace of the run's objects (default: the current one)")
    private String namespace;

    @Option(names = "--cpu", defaultValue = "1", paramLabel = "CPU", description = "CPU request and limit of a shard (default ${DEFAULT-VALUE})")
    private String cpu;

    @Option(names = "--memory", defaultValue = "2Gi", paramLabel = "MEMORY", description = "memory request and limit of a shard (default ${DEFAULT-VALUE})")
    private String memory;

    @Option(names = "--restarts", defaultValue = "3", paramLabel = "N",
            description = "container restarts and failed pods the Job allows across all its shards (its backoffLimit);"
                    + " one more fails the Job, which stops every shard (default ${DEFAULT-VALUE})")
    private int restarts;

    @Option(names = "--secret", defaultValue = "vaultload-s3", paramLabel = "NAME",
            description = "the Secret with AWS_ACCESS_KEY and AWS_SECRET_KEY (default ${DEFAULT-VALUE})")
    private String secret;

    /** Every run setting except the shard contract's and the secrets, as an option of {@code command}. */
    static void addRunSettings(CommandLine command) {
        SuiteSettings.addTo(command, setting -> !setting.secret() && !CONTRACT.contains(setting.name()));
    }

    /** @throws ParameterException naming the option whose value is not accepted */
    ShardJob shardJob() {
        if (shards < 1 || shards > ShardSettings.MAX_SHARDS) {
            throw invalid("--shards", Integer.toString(shards), "an integer from 1 to " + ShardSettings.MAX_SHARDS);
        }
        if (image.isBlank()) {
            throw invalid("--image", image, "an image reference");
        }
        if (!(parsed("--results", ShardSettings.RESULTS_URL, results) instanceof ResultsLocation.Bucket)) {
            throw invalid("--results", results, "s3://bucket[/prefix]: a cluster's shards share no directory");
        }
        if (restarts < 0 || restarts > MAX_RESTARTS) {
            throw invalid("--restarts", Integer.toString(restarts), "an integer from 0 to " + MAX_RESTARTS);
        }
        String id = runId != null ? parsed("--run-id", ShardSettings.RUN_ID, runId) : generatedRunId();
        Optional<Instant> start = Optional.ofNullable(startAt).map(text -> parsed("--start-at", ShardSettings.START_AT, text));
        return new ShardJob(id, shards, image, results, start, Optional.ofNullable(namespace), cpu, memory, restarts,
                secret, SuiteSettings.given(command));
    }

    private <T> T parsed(String option, Setting<T> setting, String text) {
        try {
            return setting.parse(text);
        } catch (IllegalArgumentException e) {
            throw invalid(option, text, setting.type().accepted());
        }
    }

    private ParameterException invalid(String option, String value, String expected) {
        return new ParameterException(command.commandLine(),
                "Invalid value for option '" + option + "': '" + value + "': expected " + expected);
    }

    private static String generatedRunId() {
        return "r" + RUN_ID_TIME.format(Instant.now()) + "-" + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
    }
}
