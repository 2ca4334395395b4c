package dev.vaultload.report;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engines;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.SoakHealth;
import java.util.List;
import java.util.Map;

/**
 * Everything measured in one combination (storage x threads x file size): plain data that every report
 * writer reads. Built after the run; nothing here is touched while operations run.
 *
 * @param suite               which suite ran, e.g. {@code RandomActionsOnDatasafeTest}
 * @param storage             provider name, e.g. {@code FILESYSTEM}
 * @param storageDescription  where the data went (endpoint, bucket), never a secret
 * @param threads             executions run in parallel
 * @param fileSizeKib         document size in KiB
 * @param fixture             which fixture, e.g. {@code SMALL} or a file path
 * @param fixtureOperations   operations in the fixture
 * @param engine              the engine binding, e.g. {@code VAULTLOAD}
 * @param cipher              document encryption; NONE is the unencrypted baseline
 * @param keyPairAlgorithm    inbox key pair
 * @param kdfIterations       PBKDF2 iterations of each keystore
 * @param errorMode           FAIL_FAST or CONTINUE
 * @param requestedDurationMillis DURATION, 0 for a single pass
 * @param passes              passes of the fixture completed
 * @param startedAt           ISO-8601 instant the combination started
 * @param wallClockMillis     duration of the whole combination
 * @param operations          statistics per operation type
 * @param errors              failures by class, all types
 * @param failures            the first failures, each naming its object (at most {@link #MAX_FAILURES_KEPT})
 * @param cpu                 CPU of the measured phase
 * @param health              heap, RSS, threads, GC over the run, sampled every period; null when not sampled
 * @param storageDetails      provider specifics, e.g. which bucket each user landed on, retries per operation
 * @param environment         the machine and build
 */
public record RunResult(
        String suite,
        String storage,
        String storageDescription,
        int threads,
        int fileSizeKib,
        String fixture,
        int fixtureOperations,
        CipherSuite cipher,
        String engine,
        String keyPairAlgorithm,
        int kdfIterations,
        ErrorMode errorMode,
        long requestedDurationMillis,
        int passes,
        String startedAt,
        long wallClockMillis,
        List<OperationStatistics> operations,
        Map<ErrorClass, Long> errors,
        List<Failure> failures,
        CpuUsage cpu,
        SoakHealth health,
        Map<String, Object> storageDetails,
        Environment environment) {

    public static final int MAX_FAILURES_KEPT = 1000;

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    public long integrityErrorCount() {
        return errors.getOrDefault(ErrorClass.INTEGRITY, 0L);
    }

    /**
     * FAIL_FAST passes only without any error; CONTINUE passes unless an INTEGRITY error occurred. Either fails
     * when the RSS grew more than MAX_RSS_GROWTH_PERCENT ({@link SoakHealth#failure()}).
     */
    public boolean passed() {
        boolean healthy = health == null || health.failure() == null;
        return healthy && (errorMode == ErrorMode.CONTINUE ? integrityErrorCount() == 0 : errorCount() == 0);
    }

    /** Datasafe's heading: {@code FILESYSTEM with 2 threads and 100 Kb filesize}. */
    public String title() {
        return storage + " with " + threads + " threads and " + fileSizeKib + " Kb filesize"
                + (engine == null || Engines.DEFAULT.equals(engine) ? "" : " (engine " + engine + ")");
    }
}
