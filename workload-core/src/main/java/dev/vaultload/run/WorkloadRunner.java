package dev.vaultload.run;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.DatasafeStatisticsLog;
import dev.vaultload.report.Environment;
import dev.vaultload.report.HistogramIntervalLog;
import dev.vaultload.report.ProgressLog;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ServedWithinTable;
import dev.vaultload.report.SoakHealthLog;
import dev.vaultload.report.TimeSplitLog;
import dev.vaultload.stats.HealthSampler;
import dev.vaultload.stats.HealthSeries;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.IntervalReporter;
import dev.vaultload.stats.ProcessHealth;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.TimedBlobStore;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineDescription;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one combination, Datasafe's way: the fixture's users are created first (CREATE_USER is measured),
 * then N executions replay the whole fixture on N threads, each under its own location prefix, all on the
 * same users; then each execution's final content is validated. With a DURATION, passes follow each other
 * (fresh prefixes, each validated, the previous pass's documents deleted) until the time is up.
 * The caller's thread only waits: no polling, no spinning.
 */
public final class WorkloadRunner {
    private static final Logger LOG = LoggerFactory.getLogger(WorkloadRunner.class);

    private final RunConfig config;
    private final String suite;
    private final ContentGenerator content;
    private final Function<Combination, List<IntervalListener>> progressListeners;

    public WorkloadRunner(RunConfig config, String suite, ContentGenerator content) {
        this(config, suite, content, combination -> List.of());
    }

    /** @param progressListeners more listeners of each combination's periods, e.g. the CLI's progress bar */
    public WorkloadRunner(RunConfig config, String suite, ContentGenerator content,
                          Function<Combination, List<IntervalListener>> progressListeners) {
        this.config = config;
        this.suite = suite;
        this.content = content;
        this.progressListeners = progressListeners;
    }

    /**
     * @param vaultOn        builds the engine over a store
     * @param storageDetails provider specifics for the report (bucket per user, retries)
     */
    @SuppressWarnings("try") // the reporter is only opened to be closed: closing sends the final report
    public RunResult run(Combination combination, Fixture fixture, String fixtureLabel, BlobStore store,
                         Function<BlobStore, Engine> vaultOn, Function<UserDirectory, Map<String, Object>> storageDetails) {
        Instant startedAt = Instant.now();
        long startNanos = System.nanoTime();
        TimedBlobStore storageClock = new TimedBlobStore(store);
        Engine vault = vaultOn.apply(storageClock);
        UserDirectory users = new UserDirectory(fixture.users(), namespace(combination));
        StatisticService statistics = new StatisticService();
        RunControl control = new RunControl(config.errorMode(), statistics);
        ReportFiles files = new ReportFiles(config.reportDirectory(), reportName(combination, vault, startedAt));
        Map<OperationType, Duration> phaseDurations = new EnumMap<>(OperationType.class);
        int passes = 0;
        long cpuStart = processCpuNanos();
        long workerCpuNanos = 0;
        ExecutorService pool = Executors.newFixedThreadPool(combination.threads(), workerThreads());
        HealthSeries health = new HealthSeries();
        HealthSampler healthSampler = new HealthSampler(new ProcessHealth(), health);
        try (HistogramIntervalLog histogramLog = new HistogramIntervalLog(files.histogramLog(), combination.label());
             IntervalReporter reporter = new IntervalReporter(statistics, config.reportPeriod(),
                     // the sampler first: the progress line shows the sample it has just taken
                     withProgress(List.of(healthSampler, new ProgressLog(combination.label(), health), histogramLog),
                             combination))) {
            long createUsersStartNanos = System.nanoTime();
            workerCpuNanos += workerCpuNanos(pool, createUserTasks(vault, users, statistics, control, storageClock));
            phaseDurations.put(OperationType.CREATE_USER, Duration.ofNanos(System.nanoTime() - createUsersStartNanos));
            long deadlineNanos = config.duration().map(d -> System.nanoTime() + d.toNanos()).orElse(Long.MIN_VALUE);
            long executionNanos = 0; // the passes' replays only: validation and clean-up are not throughput
            String previousPassPrefix = null;
            do {
                List<String> prefixes = passPrefixes(passes, combination.threads());
                long passStartNanos = System.nanoTime();
                workerCpuNanos += workerCpuNanos(pool,
                        executions(fixture, prefixes, vault, users, combination, statistics, control, storageClock));
                executionNanos += System.nanoTime() - passStartNanos;
                if (!control.stopped()) {
                    workerCpuNanos += workerCpuNanos(pool, validations(fixture, prefixes, vault, users, combination, control));
                }
                if (previousPassPrefix != null) {
                    deletePass(vault, users, previousPassPrefix, combination.threads(), fixture.usesInboxes());
                }
                previousPassPrefix = "p" + passes;
                passes++;
            } while (!control.stopped() && System.nanoTime() < deadlineNanos);
            for (OperationType type : OperationType.values()) {
                phaseDurations.putIfAbsent(type, Duration.ofNanos(executionNanos));
            }
        } finally {
            pool.shutdownNow();
        }
        long operations = statistics.requestsStarted();
        EngineDescription engine = vault.description();
        RunResult result = new RunResult(suite, combination.storage(), store.describe(), combination.threads(),
                combination.fileSizeKib(), fixtureLabel, fixture.operations().size(), engine.cipher(),
                engine.engine(), engine.keyPairAlgorithm(), engine.kdfIterations(), config.errorMode(),
                config.duration().map(Duration::toMillis).orElse(0L), passes, startedAt.toString(),
                Duration.ofNanos(System.nanoTime() - startNanos).toMillis(), statistics.summarize(phaseDurations),
                statistics.errorTotals(), control.failures(),
                new CpuUsage((processCpuNanos() - cpuStart) / 1_000_000, workerCpuNanos / 1_000_000, operations),
                health.summarize(config.maxRssGrowthPercent()), storageDetails.apply(users), Environment.current());
        DatasafeStatisticsLog.lines(result).forEach(LOG::info);
        TimeSplitLog.lines(result).forEach(LOG::info);
        ServedWithinTable.lines(result).forEach(LOG::info);
        LOG.info(SoakHealthLog.line(result));
        if (result.health().failure() != null) {
            LOG.warn(result.health().failure());
        }
        files.write(result);
        destroyUsers(vault, users);
        return result;
    }

    private List<IntervalListener> withProgress(List<IntervalListener> reports, Combination combination) {
        return Stream.concat(reports.stream(), progressListeners.apply(combination).stream()).toList();
    }

    private String reportName(Combination combination, Engine vault, Instant startedAt) {
        String time = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(java.time.ZoneOffset.UTC).format(startedAt);
        return suite + "-" + combination.storage() + "-" + combination.threads() + "t-" + combination.fileSizeKib() + "k-"
                + vault.description().cipher() + "-" + time;
    }

    /** Unique per run and combination, so that a bucket that outlives runs never meets an existing user. */
    private static String namespace(Combination combination) {
        return Long.toString(System.currentTimeMillis(), 36) + "-t" + combination.threads() + "s" + combination.fileSizeKib();
    }

    private static List<String> passPrefixes(int pass, int threads) {
        List<String> prefixes = new ArrayList<>();
        for (int execution = 0; execution < threads; execution++) {
            prefixes.add("p" + pass + "e" + execution + "/");
        }
        return prefixes;
    }

    private List<Callable<Long>> createUserTasks(Engine vault, UserDirectory users, StatisticService statistics,
                                                 RunControl control, TimedBlobStore storageClock) {
        List<Callable<Long>> tasks = new ArrayList<>();
        OperationExecutor executor = new OperationExecutor(vault, users, content, 0);
        for (String userId : users.fixtureUserIds()) {
            Operation createUser = new Operation.CreateUser(userId);
            tasks.add(new Execution(List.of(createUser), "", executor, statistics, control, storageClock));
        }
        return tasks;
    }

    private List<Callable<Long>> executions(Fixture fixture, List<String> prefixes, Engine vault, UserDirectory users,
                                            Combination combination, StatisticService statistics, RunControl control,
                                            TimedBlobStore storageClock) {
        List<Operation> replayed = fixture.operations().stream()
                .filter(operation -> operation.type() != OperationType.CREATE_USER).toList();
        List<Callable<Long>> executions = new ArrayList<>();
        for (String prefix : prefixes) {
            OperationExecutor executor = new OperationExecutor(vault, users, content, combination.fileSizeBytes());
            executions.add(new Execution(replayed, prefix, executor, statistics, control, storageClock));
        }
        return executions;
    }

    private List<Callable<Long>> validations(Fixture fixture, List<String> prefixes, Engine vault, UserDirectory users,
                                             Combination combination, RunControl control) {
        List<Callable<Long>> validations = new ArrayList<>();
        for (String prefix : prefixes) {
            Validator validator = new Validator(vault, users, fixture, content, combination.fileSizeBytes());
            validations.add(() -> {
                long cpuStartNanos = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                validator.validate(prefix, control);
                return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStartNanos;
            });
        }
        return validations;
    }

    /** Keeps a soak run's storage flat: a validated pass's documents go once the next pass has run. */
    private static void deletePass(Engine vault, UserDirectory users, String passPrefix, int threads, boolean inboxes) {
        for (UserCredentials user : users.all()) {
            for (int execution = 0; execution < threads; execution++) {
                String prefix = passPrefix + "e" + execution + "/";
                vault.privateSpace(user).delete(prefix);
                if (inboxes) {
                    vault.inbox(user).delete(prefix);
                }
            }
        }
        LOG.debug("deleted pass {}", passPrefix);
    }

    /** Leaves the store as it was found, so that long-lived buckets do not fill up run after run. */
    private static void destroyUsers(Engine vault, UserDirectory users) {
        for (UserCredentials user : users.all()) {
            try {
                vault.destroyUser(user);
            } catch (RuntimeException e) {
                LOG.warn("could not remove user {} after the run: {}", user.userId(), e.toString());
            }
        }
    }

    /** Runs the tasks on the pool, waits for all of them and returns the CPU nanoseconds they used. */
    private static long workerCpuNanos(ExecutorService pool, List<Callable<Long>> tasks) {
        long cpuNanos = 0;
        try {
            for (Future<Long> done : pool.invokeAll(tasks)) {
                cpuNanos += done.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while operations ran", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("an execution failed outside any operation: " + e.getCause(), e.getCause());
        }
        return cpuNanos;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static java.util.concurrent.ThreadFactory workerThreads() {
        return Thread.ofPlatform().name("execution-", 0).factory();
    }
}
