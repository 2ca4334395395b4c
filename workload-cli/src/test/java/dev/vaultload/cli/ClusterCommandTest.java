package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code vaultload cluster job|run} against fabric8's mock API server in CRUD mode: no cluster, no S3. */
@EnableKubernetesMockClient(crud = true)
class ClusterCommandTest {
    private static final String NAMESPACE = "test";
    private static final List<String> RUN = List.of("--shards", "3", "--image", "example.org/vaultload:1",
            "--results", "s3://results/runs", "--namespace", NAMESPACE, "--threads", "8", "--file-sizes", "1024");

    private KubernetesMockServer server;
    private KubernetesClient client;
    /** The RUN_ID/RESULTS_URL each merge was asked for; a merge answers {@link #mergeStatus}. */
    private final List<String> merged = new CopyOnWriteArrayList<>();
    private volatile int mergeStatus = ExitCodes.OK;

    private record Outcome(int exitCode, String out, String err) {
    }

    private Outcome execute(String command, List<String> options) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cluster = VaultloadCli.cluster(server::createClient, runUrl -> {
            merged.add(runUrl);
            return mergeStatus;
        });
        ExitCodes.install(cluster);
        cluster.setOut(new PrintWriter(out, true));
        cluster.setErr(new PrintWriter(err, true));
        int exitCode = cluster.execute(Stream.concat(Stream.of(command), options.stream()).toArray(String[]::new));
        return new Outcome(exitCode, out.toString(), err.toString());
    }

    private static List<String> with(List<String> options, String... more) {
        return Stream.concat(options.stream(), Stream.of(more)).toList();
    }

    /** {@link #RUN} without {@code option} and its value. */
    private static List<String> replacing(String option) {
        int index = RUN.indexOf(option);
        return index < 0 ? RUN : Stream.concat(RUN.subList(0, index).stream(), RUN.subList(index + 2, RUN.size()).stream()).toList();
    }

    @Test
    void printedJobIsAnIndexedJobWithTheShardContract() {
        Outcome outcome = execute("job", with(RUN, "--run-id", "r7", "--start-at", "2026-11-23T10:30:00Z"));
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("#   AWS_SECRET_KEY: \"REPLACE-WITH-SECRET-KEY\""), outcome.out());

        Map<String, HasMetadata> objects = client.load(new ByteArrayInputStream(outcome.out().getBytes(StandardCharsets.UTF_8)))
                .items().stream().collect(Collectors.toMap(HasMetadata::getKind, Function.identity()));
        assertEquals(List.of("ConfigMap", "Job", "Service"), objects.keySet().stream().sorted().toList(), "no Secret applied");
        JobSpec job = ((Job) objects.get("Job")).getSpec();
        assertEquals("Indexed", job.getCompletionMode());
        assertEquals(3, job.getParallelism());
        assertEquals(3, job.getCompletions());
        // resumable after a container kill: restarted in its pod, its journal in the pod's emptyDir, a bounded count
        assertNull(job.getBackoffLimitPerIndex(), "allowed with restartPolicy Never only");
        assertEquals(3, job.getBackoffLimit());
        assertEquals("Failed", job.getPodReplacementPolicy());
        assertEquals("OnFailure", job.getTemplate().getSpec().getRestartPolicy());
        assertNull(job.getPodFailurePolicy(), "not allowed with restartPolicy OnFailure");
        Container shard = job.getTemplate().getSpec().getContainers().get(0);
        assertEquals(List.of("reports"), job.getTemplate().getSpec().getVolumes().stream()
                .filter(volume -> volume.getEmptyDir() != null).map(Volume::getName).toList());
        assertEquals("reports", shard.getVolumeMounts().get(0).getName());
        String reportDir = shard.getVolumeMounts().get(0).getMountPath();
        assertEquals("example.org/vaultload:1", shard.getImage());
        assertEquals("2Gi", shard.getResources().getLimits().get("memory").toString());
        Map<String, EnvVar> env = shard.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, Function.identity()));
        assertEquals("3", env.get("SHARD_COUNT").getValue());
        assertEquals("r7", env.get("RUN_ID").getValue());
        assertEquals("2026-11-23T10:30:00Z", env.get("START_AT").getValue());
        assertEquals("s3://results/runs", env.get("RESULTS_URL").getValue());
        assertEquals(reportDir, env.get("REPORT_DIR").getValue());
        assertEquals("true", env.get("EXIT_ZERO_WHEN_DONE").getValue());
        assertEquals("metadata.labels['batch.kubernetes.io/controller-uid']",
                env.get("JOB_UID").getValueFrom().getFieldRef().getFieldPath(), "the Job's uid, from the pod's label");
        for (String key : List.of("AWS_ACCESS_KEY", "AWS_SECRET_KEY")) {
            assertNull(env.get(key).getValue(), key + " has no value of its own");
            assertEquals("vaultload-s3", env.get(key).getValueFrom().getSecretKeyRef().getName());
            assertEquals(key, env.get(key).getValueFrom().getSecretKeyRef().getKey());
        }
        assertEquals("vaultload-r7-settings", shard.getEnvFrom().get(0).getConfigMapRef().getName());
        assertEquals(Map.of("THREADS", "8", "FILE_SIZES", "1024"), ((ConfigMap) objects.get("ConfigMap")).getData());
        assertEquals("None", ((Service) objects.get("Service")).getSpec().getClusterIP());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "--shards|0|'--shards': '0'",
            "--results|/shared/results|'--results': '/shared/results': expected s3://",
            "--run-id|Run_7|'--run-id': 'Run_7'",
            "--start-at|tomorrow|'--start-at': 'tomorrow'",
            "--restarts|-1|'--restarts': '-1'",
            "--report-dir|/tmp/r|Unknown option",
            "--aws-secret-key|k|Unknown option"})
    void badInputNamesTheOption(String option, String value, String message) {
        Outcome outcome = execute("job", with(replacing(option), option, value));
        assertEquals(ExitCodes.BAD_INPUT, outcome.exitCode());
        assertTrue(outcome.err().contains(message), outcome.err());
    }

    @Test
    void missingImageIsBadInput() {
        Outcome outcome = execute("job", List.of("--shards", "2", "--results", "s3://results"));
        assertEquals(ExitCodes.BAD_INPUT, outcome.exitCode());
        assertTrue(outcome.err().contains("--image"), outcome.err());
    }

    @Test
    void runSubmitsAwaitsCompletionAndMerges() throws Exception {
        createSecret();
        Instant before = Instant.now();
        CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(() -> execute("run", with(RUN, "--run-id", "r8")));
        Job job = submitted("vaultload-r8");
        assertFalse(run.isDone(), "waits for the Job");
        assertEquals("vaultload-r8-settings", client.configMaps().inNamespace(NAMESPACE).withName("vaultload-r8-settings").get().getMetadata().getName());
        assertEquals("None", client.services().inNamespace(NAMESPACE).withName("vaultload-r8").get().getSpec().getClusterIP());
        Instant startAt = Instant.parse(env(job, "START_AT"));
        assertTrue(!startAt.isBefore(before.plusSeconds(60)), "START_AT is now + the 60 s lead time: " + startAt);

        end(job, "Complete", null);
        Outcome outcome = run.get(10, TimeUnit.SECONDS);
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        assertEquals(List.of("s3://results/runs/r8"), merged);
    }

    @Test
    void aFailedJobGivesAPartialResult() throws Exception {
        createSecret();
        mergeStatus = ExitCodes.FAILED; // the merge finds shard 2 missing
        CompletableFuture<Outcome> run = CompletableFuture.supplyAsync(() -> execute("run", with(RUN, "--run-id", "r9",
                "--start-at", "2026-11-23T10:30:00Z")));
        Job job = submitted("vaultload-r9");
        assertEquals("2026-11-23T10:30:00Z", env(job, "START_AT"));
        end(job, "Failed", "BackoffLimitExceeded");
        Outcome outcome = run.get(10, TimeUnit.SECONDS);
        assertEquals(ExitCodes.FAILED, outcome.exitCode());
        assertTrue(outcome.err().contains("vaultload-r9 failed (BackoffLimitExceeded: "), outcome.err());
        assertEquals(List.of("s3://results/runs/r9"), merged);
    }

    @Test
    void aJobStillRunningAtTheTimeoutIsNotMerged() {
        createSecret();
        Outcome outcome = execute("run", with(RUN, "--run-id", "r10", "--timeout", "1s"));
        assertEquals(ExitCodes.FAILED, outcome.exitCode());
        assertTrue(outcome.err().contains("did not end within --timeout 1s; merge it later: vaultload merge s3://results/runs/r10"),
                outcome.err());
        assertEquals(List.of(), merged);
    }

    @Test
    void aMissingSecretIsRefusedBeforeAnythingIsSubmitted() {
        Outcome outcome = execute("run", with(RUN, "--run-id", "r11"));
        assertEquals(ExitCodes.BAD_INPUT, outcome.exitCode());
        assertTrue(outcome.err().contains("Secret 'vaultload-s3' (--secret) not found in namespace test"), outcome.err());
        assertNull(client.batch().v1().jobs().inNamespace(NAMESPACE).withName("vaultload-r11").get());
    }

    private void createSecret() {
        client.secrets().inNamespace(NAMESPACE).resource(new SecretBuilder().withNewMetadata().withName("vaultload-s3")
                .endMetadata().addToStringData("AWS_ACCESS_KEY", "a").addToStringData("AWS_SECRET_KEY", "s").build()).create();
    }

    private Job submitted(String name) {
        return client.batch().v1().jobs().inNamespace(NAMESPACE).withName(name)
                .waitUntilCondition(job -> job != null, 10, TimeUnit.SECONDS);
    }

    /** What the Job controller would do: the Job ends with the condition {@code type}, for {@code reason}. */
    private void end(Job job, String type, String reason) {
        job.setStatus(new JobStatusBuilder().addToConditions(new JobConditionBuilder().withType(type).withStatus("True")
                .withReason(reason).withMessage(reason == null ? null : "Job has reached the specified backoff limit")
                .build()).build());
        client.batch().v1().jobs().inNamespace(NAMESPACE).resource(job).updateStatus();
    }

    private static String env(Job job, String name) {
        return job.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
                .filter(variable -> variable.getName().equals(name)).findFirst().orElseThrow().getValue();
    }
}
