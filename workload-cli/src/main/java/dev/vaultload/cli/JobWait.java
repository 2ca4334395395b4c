package dev.vaultload.cli;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Waits for a Job to end: {@code Complete}, or {@code Failed} (its backoffLimit's restarts used up, say). */
final class JobWait {
    private JobWait() {
    }

    /** The ended Job, or empty when it had not ended within {@code timeout}. */
    static Optional<Job> ended(KubernetesClient client, String namespace, String name, Duration timeout) {
        try {
            return Optional.of(client.batch().v1().jobs().inNamespace(namespace).withName(name)
                    .waitUntilCondition(JobWait::ended, timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (KubernetesClientTimeoutException e) {
            return Optional.empty();
        }
    }

    static boolean failed(Job job) {
        return hasCondition(job, "Failed");
    }

    /** Why the Job failed, as its {@code Failed} condition says: {@code BackoffLimitExceeded: ...}. */
    static String failure(Job job) {
        return job.getStatus().getConditions().stream().filter(condition -> condition.getType().equals("Failed"))
                .findFirst().map(condition -> condition.getReason() + (condition.getMessage() == null ? ""
                        : ": " + condition.getMessage())).orElse("no reason given");
    }

    private static boolean ended(Job job) {
        return job != null && (hasCondition(job, "Complete") || failed(job));
    }

    private static boolean hasCondition(Job job, String type) {
        JobStatus status = job.getStatus();
        return status != null && status.getConditions() != null && status.getConditions().stream()
                .anyMatch(condition -> condition.getType().equals(type) && "True".equals(condition.getStatus()));
    }
}
