package dev.vaultload.run;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.DocumentBuffering;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineFactory;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.engine.KeyLifecycleSupport;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.report.DatasafeLogFile;
import dev.vaultload.report.JournalEvent;
import dev.vaultload.report.LiveMetrics;
import dev.vaultload.report.ReportPage;
import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunTrends;
import dev.vaultload.report.TakenFromEarlierLives;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.scaleout.ShardSettings;
import dev.vaultload.scaleout.ShardStart;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.settings.UnusedSettings;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviderFactory;
import dev.vaultload.storage.StorageProviders;
import dev.vaultload.storage.StoreUnavailableException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * What the suites share: the configuration, read and checked before anything runs; the fixture; the
 * started storage providers (stopped on close); and the run of one combination.
 */
public final class SuiteSession implements AutoCloseable {
    private final String suite;
    private final RunConfig config;
    private final Fixture fixture;
    private final String fixtureLabel;
    private final Map<String, StorageProvider> providers = new LinkedHashMap<>();
    private final Map<String, EngineFactory> engines = new LinkedHashMap<>();
    private final Function<String, String> settings;
    /** The engines' options from the settings alone, for the checks made before any store gives its direct access. */
    private final EngineOptions settingsOptions;
    private final ShardPlan shard;
    private final ShardStart start;
    private final ContentGenerator content = new ContentGenerator();
    private Optional<LiveMetrics> metrics = Optional.empty();
    private final List<RunResult> results = new CopyOnWriteArrayList<>();
    private final List<Path> writtenJson = new CopyOnWriteArrayList<>();
    private final int repeat;
    /** The combinations of this RUN_ID whose process died, which this one resumes. */
    private ResumableJournals resumable = ResumableJournals.NONE;
    private TakenFromEarlierLives takenEarlier = TakenFromEarlierLives.NONE;
    /** A shard's Datasafe-format log, which RESULTS_URL collects with its results; empty when not publishing. */
    private final Optional<DatasafeLogFile> shardLog;

    /**
     * Reads and checks the configuration, loads the fixture and starts every provider in STORAGE_PROVIDERS.
     * Any mistake fails here, before the first operation.
     *
     * @param privateOnly use the private-space-only fixtures (the simple adapter has no inbox)
     */
    public static SuiteSession start(String suite, boolean privateOnly) {
        RunMode mode = ModeSettings.MODE.read(SettingsRegistry.system());
        if (mode != RunMode.FIXTURE) {
            throw new IllegalArgumentException("Invalid " + ModeSettings.MODE.name() + "='" + mode + "': the JUnit suites run "
                    + RunMode.FIXTURE + "; run " + mode + " with vaultload run --mode " + mode);
        }
        return start(suite, privateOnly, SettingsRegistry.system(), StorageProviders::named);
    }

    /**
     * As {@link #start(String, boolean)}, with the settings looked up elsewhere and the providers found by another
     * lookup (tests of the CLI add failing stores); MODE's {@link Mode} checks nothing of the session.
     */
    public static SuiteSession start(String suite, boolean privateOnly, Function<String, String> settings,
                                     Function<String, StorageProviderFactory> providerNamed) {
        SettingsRegistry.checkAll(settings);
        ShardPlan shard = ShardPlan.read(settings);
        return open(suite, privateOnly, settings, providerNamed, shard, ShardStart.startAtOnly(shard),
                ModeSettings.MODE.read(settings), session -> {
                });
    }

    /**
     * The front door's start, with everything it read once: settings already checked ({@link
     * SettingsRegistry#checkAll}), this process's shard, the shards' start of each combination (a barrier in
     * RESULTS_URL, or {@link ShardStart#startAtOnly}: the first combination at START_AT) and the mode, which checks the
     * loaded fixture before any provider starts.
     */
    public static SuiteSession start(String suite, boolean privateOnly, Function<String, String> settings,
                                     Function<String, StorageProviderFactory> providerNamed, ShardPlan shard,
                                     ShardStart start, Mode mode) {
        return open(suite, privateOnly, settings, providerNamed, shard, start, mode.mode(), mode::check);
    }

    private static SuiteSession open(String suite, boolean privateOnly, Function<String, String> settings,
                                     Function<String, StorageProviderFactory> providerNamed, ShardPlan shard,
                                     ShardStart start, RunMode mode, Consumer<SuiteSession> modeCheck) {
        RunConfig config = new RunConfigParser(settings).parse();
        UnusedSettings.refuse(settings, mode.name(), config.storageProviders(), config.engines());
        List<StorageProviderFactory> factories = config.storageProviders().stream().map(providerNamed).toList();
        SuiteSession session = new SuiteSession(suite, config, settings, privateOnly, shard, start);
        modeCheck.accept(session);
        Map<String, DocumentBuffering> buffering = new LinkedHashMap<>();
        config.engines().forEach(name -> buffering.put(name, Engines.named(name).buffering(session.settingsOptions)));
        FootprintCheck.refuseWhatCannotFit(config, session.fixture, factories, buffering, settings);
        try {
            // the endpoint first: a METRICS_PORT in use is refused before an engine or a store starts
            session.metrics = LiveMetrics.start(settings);
            for (String name : config.engines()) {
                EngineFactory engine = Engines.named(name);
                engine.check(session.settingsOptions);
                KeyLifecycleSupport.requireSupported(engine, session.settingsOptions, session.fixture, session.fixtureLabel);
                session.engines.put(engine.name(), engine);
            }
            // before any store starts: a journal of this RUN_ID that cannot be resumed is refused first
            session.resumable = ResumableJournals.read(config, shard, session.fixture, session.fixtureLabel,
                    session.matrix());
            for (StorageProviderFactory factory : factories) {
                session.providers.put(factory.name(), startProvider(factory, settings));
            }
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
        return session;
    }

    private static StorageProvider startProvider(StorageProviderFactory factory, Function<String, String> settings) {
        try {
            return factory.start(settings);
        } catch (BlobStoreException e) {
            throw new StoreUnavailableException(factory.name(), e);
        }
    }

    private SuiteSession(String suite, RunConfig config, Function<String, String> settings, boolean privateOnly,
                         ShardPlan shard, ShardStart start) {
        this.suite = suite;
        this.shard = shard;
        this.start = start;
        this.config = config;
        this.settings = settings;
        this.repeat = RunSettings.REPEAT.read(settings);
        this.settingsOptions = engineOptions(access -> null);
        this.shardLog = ShardSettings.RESULTS_URL.find(settings).map(results -> new DatasafeLogFile(
                config.reportDirectory().resolve(DatasafeLogFile.NAME), "shard-" + shard.index()));
        FixtureLoader loader = new FixtureLoader();
        switch (config.fixture()) {
            case RunConfig.FixtureSource.Committed committed -> {
                this.fixture = loader.loadResource(committed.resource(privateOnly));
                this.fixtureLabel = committed.size().name();
            }
            case RunConfig.FixtureSource.File file -> {
                this.fixture = loader.load(file.path());
                this.fixtureLabel = file.path().toString();
            }
        }
    }

    /** The suite whose job this session runs, as reports name it. */
    /**
     * Refuses, before anything starts, an engine of the run that does not carry out {@code type}, which
     * {@code setting} asks for beside the fixture.
     */
    public void requireKeyLifecycle(OperationType type, String setting) {
        config.engines().forEach(name ->
                KeyLifecycleSupport.requireSupported(Engines.named(name), settingsOptions, type, setting));
    }

    public String suite() {
        return suite;
    }

    public RunConfig config() {
        return config;
    }

    /** This process's part of a sharded run ({@link ShardPlan#SINGLE} when not sharded). */
    public ShardPlan shard() {
        return shard;
    }

    public Fixture fixture() {
        return fixture;
    }

    /** SMALL, MEDIUM, LARGE or the fixture file's path, as the reports name it. */
    public String fixtureLabel() {
        return fixtureLabel;
    }

    /**
     * storage x engine x threads x file size, in that nesting: Datasafe's order, one engine after the other; the whole
     * matrix REPEAT times, so that repeated runs of two cells interleave and share the machine's drift. Lazy, and
     * ending at a signal ({@link Interruption}): no combination starts after one.
     */
    public Stream<Combination> combinations() {
        List<Combination> matrix = matrix();
        return IntStream.rangeClosed(1, repeat).boxed()
                .flatMap(repetition -> matrix.stream().map(combination -> combination.repeated(repetition)))
                .takeWhile(next -> !Interruption.requested());
    }

    /** Storage x engine x threads x file size, once. */
    private List<Combination> matrix() {
        List<Combination> matrix = new ArrayList<>();
        for (String storage : config.storageProviders()) {
            for (String engine : engines.keySet()) {
                for (int threads : config.threads()) {
                    for (int fileSizeKib : config.fileSizesKib()) {
                        matrix.add(new Combination(storage, engine, threads, fileSizeKib));
                    }
                }
            }
        }
        return matrix;
    }

    /**
     * Whether an earlier life of this RUN_ID (a dead process, a restarted shard) finished the combination, whose
     * result is in REPORT_DIR: it is not run again, and its verdict counts for this run's.
     *
     * @return how it ended then; empty when it is to run
     */
    public Optional<JournalEvent.End> finishedInEarlierLife(Combination combination) {
        Optional<JournalEvent.End> end = resumable.takeFinished(combination);
        end.ifPresent(earlier -> {
            synchronized (this) {
                takenEarlier = takenEarlier.with(combination.label(), earlier);
            }
        });
        return end;
    }

    /** The combinations {@link #finishedInEarlierLife} found finished by an earlier life, and how they ended. */
    public synchronized TakenFromEarlierLives takenEarlier() {
        return takenEarlier;
    }

    /** The combination's engine over a store, with CIPHER and KDF_ITERATIONS. */
    public Engine engine(Combination combination, BlobStore store) {
        return engines.get(combination.engine()).open(store, engineOptions(provider(combination).directAccess()::get));
    }

    /** The combination's engine through its simple adapter (private space only, document calls). */
    public Engine simpleEngine(Combination combination, BlobStore store) {
        return engines.get(combination.engine()).openSimple(store, engineOptions(provider(combination).directAccess()::get));
    }

    /** @param storageAccess the provider's direct access, which wins over the settings (its endpoint is the real one) */
    private EngineOptions engineOptions(Function<String, String> storageAccess) {
        return new EngineOptions(config.cipher(), config.kdfIterations(), name -> {
            String fromStorage = storageAccess.apply(name);
            return fromStorage != null ? fromStorage : settings.apply(name);
        });
    }

    /**
     * {@code listeners} and, when METRICS_PORT is set, the live metrics of a load mode's periods (no passes).
     *
     * @param threads the threads of this step, which a HEADROOM step sets apart from the combination's
     */
    public List<IntervalListener> withMetrics(List<IntervalListener> listeners, Combination combination, int threads) {
        List<IntervalListener> all = new ArrayList<>(listeners);
        metrics.ifPresent(live -> all.add(live.listener(combination.storage(), combination.engine(), threads,
                combination.fileSizeKib(), () -> 0)));
        return all;
    }

    /**
     * A load mode's result, kept for the page and the history, its threshold verdicts shown on the live metrics
     * (METRICS_PORT).
     *
     * @param json the file the result was written to; empty when REPORT_FORMATS has no JSON
     */
    public void recorded(RunResult result, Optional<Path> json) {
        metrics.ifPresent(live -> live.judged(result));
        kept(result, json);
    }

    private void kept(RunResult result, Optional<Path> json) {
        results.add(result);
        json.ifPresent(writtenJson::add);
        shardLog.ifPresent(log -> log.write(result));
    }

    /** The JSON files of this session's results, in the order they ended: what the history adds. */
    public List<Path> writtenJson() {
        return List.copyOf(writtenJson);
    }

    /** The results of this session so far, in the order they ended. */
    public List<RunResult> results() {
        return List.copyOf(results);
    }

    /**
     * Writes REPORT_DIR's page when REPORT_FORMATS has HTML and this session wrote a result, through the {@link
     * ReportPage} on the class path.
     *
     * @return the page written; empty when none was asked for or there is nothing to show
     * @throws IllegalStateException when HTML is asked for and no part on the class path draws the page
     */
    public Optional<Path> writeReportPage(RunTrends trends) {
        if (!config.reportFormats().contains(ResultFormat.HTML) || results.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(reportPage().write(config.reportDirectory(), trends));
    }

    /**
     * The page's part on the class path, which draws report.html and HEADROOM's plots.
     *
     * @throws IllegalStateException when no part on the class path draws them
     */
    public ReportPage reportPage() {
        return ReportPage.onClassPath().orElseThrow(() -> new IllegalStateException("REPORT_FORMATS has HTML"
                + " but no report page is on the class path (the parse module draws it)"));
    }

    public StorageProvider provider(Combination combination) {
        return providers.get(combination.storage());
    }

    /**
     * Runs one combination and writes its reports.
     *
     * @param storageDetails provider specifics for the report; what the provider's client counted during this
     *                       combination is added to them ({@link ProviderCounters})
     */
    public RunResult run(Combination combination, BlobStore store, Function<BlobStore, Engine> vaultOn,
                         Function<UserDirectory, Map<String, Object>> storageDetails) {
        return run(combination, store, vaultOn, storageDetails, List.of());
    }

    /** As the other, with more listeners of the combination's periods (a progress display). */
    public RunResult run(Combination combination, BlobStore store, Function<BlobStore, Engine> vaultOn,
                         Function<UserDirectory, Map<String, Object>> storageDetails, List<IntervalListener> progress) {
        ProviderCounters counters = ProviderCounters.start(provider(combination));
        WorkloadRunner runner = new WorkloadRunner(config, suite, content, ignored -> progress, metrics, shard, start,
                resumable);
        RunResult result = runner.run(combination, fixture, fixtureLabel, store, vaultOn,
                users -> counters.addTo(storageDetails.apply(users)));
        kept(result, runner.writtenJson());
        return result;
    }

    @Override
    public void close() {
        metrics.ifPresent(LiveMetrics::close);
        RuntimeException first = null;
        for (StorageProvider provider : providers.values()) {
            try {
                provider.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
