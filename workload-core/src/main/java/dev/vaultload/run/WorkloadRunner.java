package dev.vaultload.run;

import dev.vaultload.ceiling.CryptoCeiling;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.Engine;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.report.Environment;
import dev.vaultload.report.Failure;
import dev.vaultload.report.HistogramIntervalLog;
import dev.vaultload.report.JournalEvent;
import dev.vaultload.report.LifeGap;
import dev.vaultload.report.LiveMetrics;
import dev.vaultload.report.ProgressLog;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.RunJournal;
import dev.vaultload.report.RunJournalReader;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.RunTiming;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.scaleout.ShardStart;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.HealthSampler;
import dev.vaultload.stats.HealthSeries;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.IntervalReporter;
import dev.vaultload.stats.ProcessHealth;
import dev.vaultload.storage.BlobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one combination in its phases ({@link CombinationRun}: create users, replay passes with their
 * validation, destroy users in a finally), reports every period while it runs, and hands the result to each
 * {@link ReportSink}: Datasafe's statistics block, the time split, the served-within table, soak health, JSON
 * and CSV.
 */
public final class WorkloadRunner {
    private static final Logger LOG = LoggerFactory.getLogger(WorkloadRunner.class);

    private final RunConfig config;
    private final String suite;
    private final ContentGenerator content;
    private final Function<Combination, List<IntervalListener>> progressListeners;
    private final Optional<LiveMetrics> metrics;
    private final ShardPlan shard;
    private final ShardStart start;
    private final ResumableJournals resumable;
    /** This machine's crypto ceiling, measured before the combination starts; null with CRYPTO_CEILING false. */
    private final CryptoCeiling ceiling;
    private Optional<Path> writtenJson = Optional.empty();

    public WorkloadRunner(RunConfig config, String suite, ContentGenerator content) {
        this(config, suite, content, combination -> List.of(), Optional.empty(), ShardPlan.SINGLE,
                ShardStart.AT_ONCE, ResumableJournals.NONE);
    }

    /**
     * With CRYPTO_CEILING, measures this machine's crypto ceiling first, before the combination starts (once per
     * process, set of FILE_SIZES and CIPHER: {@link ProcessCeiling}).
     *
     * @param progressListeners more listeners of each combination's periods, e.g. the CLI's progress bar
     * @param metrics           the live metrics endpoint, when METRICS_PORT is set
     * @param shard             this process's part of a sharded run, {@link ShardPlan#SINGLE} when not sharded
     * @param start             when each combination's replay starts (a barrier of the shards, START_AT)
     * @param resumable         the journals of this RUN_ID's dead processes, whose combinations are resumed
     */
    public WorkloadRunner(RunConfig config, String suite, ContentGenerator content,
                          Function<Combination, List<IntervalListener>> progressListeners, Optional<LiveMetrics> metrics,
                          ShardPlan shard, ShardStart start, ResumableJournals resumable) {
        this.config = config;
        this.suite = suite;
        this.content = content;
        this.progressListeners = progressListeners;
        this.metrics = metrics;
        this.shard = shard;
        this.start = start;
        this.resumable = resumable;
        this.ceiling = config.measuredCeiling();
    }

    /**
     * @param engineOn       builds the engine over a store
     * @param storageDetails provider specifics for the report (bucket per user, retries)
     */
    public RunResult run(Combination combination, Fixture fixture, String fixtureLabel, BlobStore store,
                         Function<BlobStore, Engine> engineOn, Function<UserDirectory, Map<String, Object>> storageDetails) {
        Instant now = Instant.now();
        long startNanos = System.nanoTime();
        Optional<RunJournalReader.Journal> found = resumable.take(combination);
        // a process that died creating the users is started over (under its name): which users exist is not journaled
        Optional<EarlierLives> earlier = found.filter(RunJournalReader.Journal::replayed).map(journal -> EarlierLives.of(
                journal, new ReportFiles(config.reportDirectory(), journal.start().resultName()).histogramLog(),
                now.toEpochMilli()));
        // no figures of such a life are kept, but a shard's merge names the restart
        Optional<LifeGap> restartBeforeReplay = found.filter(journal -> !journal.replayed())
                .map(journal -> new LifeGap(journal.endEpochMillis(), now.toEpochMilli()));
        // a resumed result covers every life: it starts when the first did, under its name
        Instant startedAt = earlier.map(lives -> Instant.ofEpochMilli(lives.measured().startEpochMillis())).orElse(now);
        try (CombinationRun run = new CombinationRun(config, combination, fixture, content, store, engineOn, shard, start,
                earlier)) {
            try {
                ReportFiles files = new ReportFiles(config.reportDirectory(), found.map(journal -> journal.start().resultName())
                        .orElseGet(() -> reportName(combination, run.engine(), startedAt)));
                ThresholdWatch watch = new ThresholdWatch(config.thresholds(), run.control(), config.warmup());
                RunSetup setup = new RunSetup(RunMode.FIXTURE, suite, combination.storage(), store.describe(),
                        combination.threads(), combination.fileSizeKib(), fixtureLabel, fixture.operations().size(),
                        config.errorMode(), config.duration().map(Duration::toMillis).orElse(0L), config.warmup().toMillis(),
                        config.workers().nice());
                // the .hlog before the journal: a resumed run's log holds the earlier lives' periods before its journal is replaced
                try (HistogramIntervalLog histogramLog = histogramLog(files, combination, earlier);
                     RunJournal journal = files.journal(config.reportFormats())) {
                    journal.append(new JournalEvent.Start(JournalEvent.VERSION, now.toEpochMilli(), files.baseName(),
                            ProcessHandle.current().pid(), ProcessHandle.current().info().startInstant()
                            .map(Instant::toEpochMilli).orElse(0L), config.reportPeriod().toMillis(), setup,
                            run.engine().description(), Environment.current(), shard.runId().orElse(null),
                            run.userNamespace(), earlier.map(EarlierLives::forStartLine).orElse(null)));
                    run.control().reportRunFailingTo(failure -> journal.append(new JournalEvent.Failed(failure)));
                    HealthSeries health = measure(run, combination, histogramLog, watch, journal);
                    long wallClockMillis = Duration.between(startedAt, now).toMillis()
                            + Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
                    RunResult result = result(run, setup, startedAt, wallClockMillis, earlier, restartBeforeReplay,
                            storageDetails, health, watch);
                    files.sinks(LOG, config.reportFormats()).forEach(sink -> sink.write(result));
                    writtenJson = files.jsonIn(config.reportFormats());
                    journal.append(new JournalEvent.End(System.currentTimeMillis(), result.passed(),
                            result.thresholdsBreached()));
                    metrics.ifPresent(live -> live.judged(result));
                    return result;
                }
            } finally {
                run.destroyUsers();
            }
        }
    }

    /** The JSON file of the last result {@link #run} wrote; empty before, or when REPORT_FORMATS has no JSON. */
    public Optional<Path> writtenJson() {
        return writtenJson;
    }

    /**
     * @param earlier a resumed run's earlier lives: their errors and the failures they journaled are added, their gaps
     *                named; its wall clock spans them
     */
    private RunResult result(CombinationRun run, RunSetup setup, Instant startedAt, long wallClockMillis,
                             Optional<EarlierLives> earlier, Optional<LifeGap> restartBeforeReplay,
                             Function<UserDirectory, Map<String, Object>> storageDetails, HealthSeries health,
                             ThresholdWatch watch) {
        Map<ErrorClass, Long> errors = run.statistics().errorTotals();
        earlier.ifPresent(lives -> lives.measured().errors().forEach((errorClass, count) -> errors.merge(errorClass, count,
                Long::sum)));
        List<Failure> failures = Stream.concat(earlier.map(lives -> lives.measured().failures()).orElse(List.of()).stream(),
                run.control().failures().stream()).limit(RunResult.MAX_FAILURES_KEPT).toList();
        return config.thresholds().judge(new RunResult(setup, run.engine().description(),
                new RunTiming(startedAt.toString(), wallClockMillis,
                        run.passes(), Interruption.signal().orElse(null), null,
                        earlier.map(EarlierLives::gaps).orElse(List.of())),
                run.statistics().summarize(run.phaseDurations()), errors,
                failures, run.control().failureGroups(), run.objectOutcomes(), run.replayCpu(),
                health.summarize(config.maxRssGrowthPercent()), storageDetails.apply(run.users()),
                Environment.current().withCryptoCeiling(ceiling), run.shardRun(restartBeforeReplay), null, null, null, null),
                watch.breaches());
    }

    /** The .hlog; a resumed run's keeps the earlier lives' periods and marks the gap. */
    private HistogramIntervalLog histogramLog(ReportFiles files, Combination combination, Optional<EarlierLives> earlier) {
        return earlier.filter(lives -> config.reportFormats().contains(ResultFormat.HLOG))
                .map(lives -> HistogramIntervalLog.continuing(files.histogramLog(), combination.label(),
                        lives.endEpochMillis(), lives.gaps()))
                .orElseGet(() -> files.histogramLog(config.reportFormats(), combination.label()));
    }

    /** The measured phases, with a progress line, a health sample, the .hlog and the journal every period. */
    private HealthSeries measure(CombinationRun run, Combination combination, HistogramIntervalLog histogramLog,
                                 ThresholdWatch watch, RunJournal journal) {
        HealthSeries health = new HealthSeries();
        List<IntervalListener> listeners = new ArrayList<>();
        // the sampler first: the progress line shows the sample it has just taken
        listeners.add(new HealthSampler(new ProcessHealth(), health));
        listeners.add(new ProgressLog(combination.label(), health));
        listeners.add(histogramLog);
        listeners.add(journal); // after the .hlog: a period journaled is a period the .hlog holds
        listeners.add(watch);
        listeners.addAll(progressListeners.apply(combination));
        metrics.ifPresent(live -> listeners.add(live.listener(combination.storage(), run.engine().description().engine(),
                combination.threads(), combination.fileSizeKib(), run::passes)));
        runPhases(run, listeners, journal);
        Interruption.signal().ifPresent(signal -> histogramLog.comment("interrupted by " + signal));
        return health;
    }

    @SuppressWarnings("try") // the reporter is only opened to be closed: closing sends the final report
    private void runPhases(CombinationRun run, List<IntervalListener> listeners, RunJournal journal) {
        try (IntervalReporter reporter = run.loop().reporting(run.statistics(), listeners)) {
            run.createUsers();
            run.awaitStart();
            run.replayPasses(journal);
        }
    }

    private String reportName(Combination combination, Engine engine, Instant startedAt) {
        return ReportFiles.baseName(suite, combination.storageAndEngine(), combination.threadsField(),
                combination.fileSizeKib(), String.valueOf(engine.description().cipher()), startedAt);
    }
}
