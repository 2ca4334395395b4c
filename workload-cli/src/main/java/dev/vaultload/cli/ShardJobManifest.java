package dev.vaultload.cli;

import dev.vaultload.run.RunSettings;
import dev.vaultload.scaleout.ShardSettings;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Kubernetes objects of a sharded run (docs/scale-out.md): a ConfigMap with the run settings, a headless Service
 * giving each shard a stable DNS name, and an Indexed Job whose completion index is the shard index; the S3 keys come
 * from a Secret that the user creates ({@link #secretTemplate} shows its shape, with placeholders only). A shard's
 * container that dies is restarted in its pod and resumes from the run journal in the pod's emptyDir.
 */
final class ShardJobManifest {
    static final String ACCESS_KEY = "AWS_ACCESS_KEY";
    static final String SECRET_KEY = "AWS_SECRET_KEY";
    private static final String RUN_LABEL = "vaultload.dev/run-id";
    /** The label the Job controller puts on its pods with the Job's uid (Kubernetes 1.27 and later). */
    private static final String JOB_UID_LABEL = "batch.kubernetes.io/controller-uid";
    /** REPORT_DIR of every shard: an emptyDir, which outlives a container's restart, not its pod. */
    static final String REPORTS_PATH = "/vaultload/reports";
    private static final String REPORTS_VOLUME = "reports";

    private final ShardJob run;

    ShardJobManifest(ShardJob run) {
        this.run = run;
    }

    /** In the order to apply them: what the Job's pods refer to first. */
    List<HasMetadata> resources() {
        return List.of(configMap(), service(), job());
    }

    ConfigMap configMap() {
        return new ConfigMapBuilder().withMetadata(metadata(configMapName())).withData(run.settings()).build();
    }

    Service service() {
        return new ServiceBuilder().withMetadata(metadata(run.name()))
                .withNewSpec().withClusterIP("None").withSelector(Map.of(RUN_LABEL, run.runId())).endSpec()
                .build();
    }

    Job job() {
        Map<String, Quantity> resources = new TreeMap<>(Map.of("cpu", new Quantity(run.cpu()),
                "memory", new Quantity(run.memory())));
        return new JobBuilder().withMetadata(metadata(run.name()))
                .withNewSpec()
                    .withCompletionMode("Indexed")
                    .withCompletions(run.shards())
                    .withParallelism(run.shards())
                    // across all shards (backoffLimitPerIndex is for restartPolicy Never only): the Job fails past it
                    .withBackoffLimit(run.restarts())
                    .withPodReplacementPolicy("Failed")
                    .withNewTemplate()
                        .withNewMetadata().withLabels(labels()).endMetadata()
                        .withNewSpec()
                            // a container that died (OOMKilled, SIGKILL, a JVM crash) is restarted in its pod, whose
                            // emptyDir keeps its run journal: it resumes (docs/run-journal.md)
                            .withRestartPolicy("OnFailure")
                            .withSubdomain(run.name())
                            .addNewVolume().withName(REPORTS_VOLUME).withNewEmptyDir().endEmptyDir().endVolume()
                            .addNewContainer()
                                .withName("shard")
                                .withImage(run.image())
                                .withArgs("run")
                                .withEnv(environment())
                                .addNewEnvFrom().withNewConfigMapRef().withName(configMapName()).endConfigMapRef().endEnvFrom()
                                .addNewVolumeMount().withName(REPORTS_VOLUME).withMountPath(REPORTS_PATH).endVolumeMount()
                                // requests = limits: a guaranteed pod, so a shard's load is not throttled by its neighbours
                                .withNewResources().withRequests(resources).withLimits(resources).endResources()
                            .endContainer()
                        .endSpec()
                    .endTemplate()
                .endSpec()
                .build();
    }

    /** The Secret the Job reads, with placeholders: the real keys never pass through Vaultload. */
    Secret secretTemplate() {
        return new SecretBuilder().withMetadata(new ObjectMetaBuilder().withName(run.secretName())
                        .withNamespace(run.namespace().orElse(null)).build())
                .addToStringData(ACCESS_KEY, "REPLACE-WITH-ACCESS-KEY")
                .addToStringData(SECRET_KEY, "REPLACE-WITH-SECRET-KEY")
                .build();
    }

    private List<EnvVar> environment() {
        List<EnvVar> environment = new ArrayList<>();
        // the pod has JOB_COMPLETION_INDEX but no variable for the count: SHARD_COUNT must be given
        environment.add(new EnvVar("SHARD_COUNT", Integer.toString(run.shards()), null));
        environment.add(new EnvVar("RUN_ID", run.runId(), null));
        run.startAt().ifPresent(instant -> environment.add(new EnvVar("START_AT", instant.toString(), null)));
        environment.add(new EnvVar("RESULTS_URL", run.resultsUrl(), null));
        environment.add(new EnvVar(RunSettings.REPORT_DIR.name(), REPORTS_PATH, null));
        // a shard's verdict travels in done; a non-zero exit would restart its container (OnFailure)
        environment.add(new EnvVar(ShardSettings.EXIT_ZERO_WHEN_DONE.name(), "true", null));
        // a pod that replaces a lost one ends its shard instead of being refused until the Job fails
        environment.add(new EnvVarBuilder().withName(ShardSettings.JOB_UID.name()).withNewValueFrom().withNewFieldRef()
                .withFieldPath("metadata.labels['" + JOB_UID_LABEL + "']").endFieldRef().endValueFrom().build());
        environment.add(fromSecret(ACCESS_KEY));
        environment.add(fromSecret(SECRET_KEY));
        return environment;
    }

    private EnvVar fromSecret(String key) {
        return new EnvVarBuilder().withName(key)
                .withNewValueFrom().withNewSecretKeyRef().withName(run.secretName()).withKey(key).endSecretKeyRef()
                .endValueFrom().build();
    }

    private String configMapName() {
        return run.name() + "-settings";
    }

    private ObjectMeta metadata(String name) {
        return new ObjectMetaBuilder().withName(name).withNamespace(run.namespace().orElse(null))
                .withLabels(labels()).build();
    }

    private Map<String, String> labels() {
        // sorted, so that the printed YAML is the same from one call to the next
        return new TreeMap<>(Map.of("app.kubernetes.io/name", "vaultload", RUN_LABEL, run.runId()));
    }
}
