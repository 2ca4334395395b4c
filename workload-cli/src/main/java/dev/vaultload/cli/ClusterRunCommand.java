package dev.vaultload.cli;

import dev.vaultload.settings.SettingType;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code vaultload cluster run}: submits the run's objects with the fabric8 client (kubeconfig, or the pod's service
 * account in a cluster), waits for the Job, then merges RESULTS_URL/RUN_ID and ends with the merge's status.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 120,
        description = {"Submit a sharded run to Kubernetes (the objects of cluster job), wait for its Job, merge its results.",
                "Exit status: 0 merged complete, 1 partial (a shard failed or missing), unsynchronized (the shards"
                        + " overlapped for under 80%% of the median replay), a failed submission or the"
                        + " --timeout passed, 2 bad input."})
final class ClusterRunCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private ClusterOptions options;

    @Option(names = "--lead-time", defaultValue = "60s", paramLabel = "DURATION",
            description = "START_AT, unless given, is now plus this: time for every pod to be placed and create its users"
                    + " (default ${DEFAULT-VALUE})")
    private String leadTime;

    @Option(names = "--timeout", defaultValue = "24h", paramLabel = "DURATION",
            description = "longest wait for the Job to end (default ${DEFAULT-VALUE})")
    private String timeout;

    private final Supplier<KubernetesClient> clients;
    private final ToIntFunction<String> merge;

    /**
     * @param clients a client of the cluster to run on
     * @param merge   merges RESULTS_URL/RUN_ID and returns its exit status (as {@code vaultload merge})
     */
    ClusterRunCommand(Supplier<KubernetesClient> clients, ToIntFunction<String> merge) {
        this.clients = clients;
        this.merge = merge;
    }

    @Override
    public Integer call() {
        ShardJob requested = options.shardJob();
        Duration lead = duration("--lead-time", leadTime);
        Duration wait = duration("--timeout", timeout);
        ShardJob run = requested.startAt().isPresent() ? requested : requested.startingAt(Instant.now().plus(lead));
        PrintWriter err = spec.commandLine().getErr();
        Optional<Job> ended;
        try (KubernetesClient client = clients.get()) {
            String namespace = run.namespace().orElse(client.getNamespace());
            if (client.secrets().inNamespace(namespace).withName(run.secretName()).get() == null) {
                throw new ParameterException(spec.commandLine(), "Secret '" + run.secretName() + "' (--secret) not found"
                        + " in namespace " + namespace + ": create it with AWS_ACCESS_KEY and AWS_SECRET_KEY"
                        + " (vaultload cluster job prints a template)");
            }
            for (HasMetadata resource : new ShardJobManifest(run).resources()) {
                client.resource(resource).inNamespace(namespace).create();
            }
            err.printf("vaultload: job %s submitted in namespace %s: %d shards, RUN_ID %s, START_AT %s; waiting up to %s%n",
                    run.name(), namespace, run.shards(), run.runId(), run.startAt().orElseThrow(), timeout);
            err.flush();
            ended = JobWait.ended(client, namespace, run.name(), wait);
        }
        if (ended.isEmpty()) {
            err.printf("vaultload: job %s did not end within --timeout %s; merge it later: vaultload merge %s%n",
                    run.name(), timeout, run.runUrl());
            return ExitCodes.FAILED;
        }
        boolean failed = JobWait.failed(ended.get());
        err.printf("vaultload: job %s %s; merging %s%n", run.name(), failed ? "failed (" + JobWait.failure(ended.get())
                + ")" : "complete", run.runUrl());
        err.flush();
        int status = merge.applyAsInt(run.runUrl());
        // the shards it stopped published no done: the merge is partial, exit 1 in either case
        return failed ? Math.max(status, ExitCodes.FAILED) : status;
    }

    private Duration duration(String option, String text) {
        try {
            return SettingType.duration().parse().apply(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': '" + text
                    + "': expected " + SettingType.duration().accepted());
        }
    }
}
