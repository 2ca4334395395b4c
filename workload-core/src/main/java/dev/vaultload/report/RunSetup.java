package dev.vaultload.report;

import dev.vaultload.stats.ErrorMode;

/**
 * What a combination was asked to run.
 *
 * @param mode                    how its operations were driven; null only in results written before it was recorded
 * @param suite                   which suite ran, e.g. {@code RandomActionsOnDatasafeTest}; a load mode, which runs no
 *                                suite, names itself ({@code RATE}), a tool its own ({@code TamperMatrix})
 * @param storage                 provider name, e.g. {@code FILESYSTEM}
 * @param storageDescription      where the data went (endpoint, bucket), never a secret
 * @param threads                 executions run in parallel
 * @param fileSizeKib             document size in KiB
 * @param fixture                 which fixture, e.g. {@code SMALL} or a file path
 * @param fixtureOperations       operations in the fixture
 * @param errorMode               FAIL_FAST or CONTINUE
 * @param requestedDurationMillis DURATION, 0 for a single pass
 * @param warmupMillis            WARMUP: the start of the run that comparisons leave out
 * @param workerNice              WORKER_NICE: the nice value the threads that ran operations had
 */
public record RunSetup(RunMode mode, String suite, String storage, String storageDescription, int threads, int fileSizeKib,
                       String fixture, int fixtureOperations, ErrorMode errorMode, long requestedDurationMillis,
                       long warmupMillis, int workerNice) {

    /** This setup with its mode, for a result written before the mode was recorded. */
    RunSetup withMode(RunMode given) {
        return new RunSetup(given, suite, storage, storageDescription, threads, fileSizeKib, fixture, fixtureOperations,
                errorMode, requestedDurationMillis, warmupMillis, workerNice);
    }

    /**
     * A load mode's setup: its operations are drawn from {@code workload} (e.g. {@code SMALL READ}) without end, under
     * CONTINUE (a budget, not an error mode, ends a load), with no duration or warm-up of a fixture run's kind.
     */
    public static RunSetup ofLoad(RunMode mode, String suite, String storage, String storageDescription, int threads, int fileSizeKib,
                                  String workload, int workerNice) {
        return new RunSetup(mode, suite, storage, storageDescription, threads, fileSizeKib, workload, 0, ErrorMode.CONTINUE,
                0, 0, workerNice);
    }
}
