package dev.vaultload.faults;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureGenerator;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.GeneratorParameters;
import dev.vaultload.fixture.OperationMix;
import dev.vaultload.report.Failure;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunSetup;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.run.headroom.HeadroomPlan;
import dev.vaultload.run.headroom.HeadroomRunner;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadMeasurement;
import dev.vaultload.run.load.LoadRecording;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.rate.RatePlan;
import dev.vaultload.run.rate.RateRunner;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.vault.DatasafeStyleVault;
import dev.vaultload.vault.VaultEngineFactory;
import dev.vaultload.vault.VaultSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One cell of the tamper matrix: a run of the vault in one mode on a real store while a {@link Tamperer} with a
 * client of its own alters stored documents and key material, then the {@link TamperVerdict} of what the run
 * reported. FIXTURE and SOAK run under CONTINUE; HEADROOM and RATE keep their own rules (a headroom measurement
 * stops at its first step with lost or altered data).
 */
final class TamperCell {
    private static final Logger LOG = LoggerFactory.getLogger(TamperCell.class);
    private static final int THREADS = 2;
    private static final int FILE_SIZE_KIB = 16;
    private static final int KDF_ITERATIONS = 1000;

    /**
     * FIXTURE: one pass of the MEDIUM fixture; SOAK: passes of the SMALL one for a while, each deleted after the
     * next; HEADROOM: READs of a pool of documents at 1 and 2 threads; RATE: the SMALL fixture's operations in a
     * cycle at a fixed rate on 2 threads; ROTATION: one pass of a generated fixture of 500 operations in which
     * ROTATE_KEY and REENCRYPT are about a quarter (Datasafe's eight rules weight 1 each, rotateKey 1, reencrypt 2), so
     * that alterations meet re-sealed keystores and re-encrypted documents, and a rollback finds keystores to put back.
     */
    enum Mode {
        FIXTURE(FixtureSize.MEDIUM, Optional.empty(), Duration.ofMillis(60)),
        SOAK(FixtureSize.SMALL, Optional.of(Duration.ofSeconds(12)), Duration.ofMillis(300)),
        HEADROOM(FixtureSize.SMALL, Optional.empty(), Duration.ofMillis(60)),
        RATE(FixtureSize.SMALL, Optional.empty(), Duration.ofMillis(100)),
        ROTATION(new GeneratedFixture(500, "rotateKey=1,reencrypt=2"), Duration.ofMillis(50));

        final Optional<Duration> duration;
        final Duration tamperInterval;
        /** One of the two: the committed fixture replayed, or the one generated. */
        private final FixtureSize committed;
        private final GeneratedFixture generated;

        Mode(FixtureSize committed, Optional<Duration> duration, Duration tamperInterval) {
            this.committed = committed;
            this.generated = null;
            this.duration = duration;
            this.tamperInterval = tamperInterval;
        }

        Mode(GeneratedFixture generated, Duration tamperInterval) {
            this.committed = null;
            this.generated = generated;
            this.duration = Optional.empty();
            this.tamperInterval = tamperInterval;
        }

        /** Whether its workload rotates keys (and re-encrypts documents). */
        boolean rotates() {
            return generated != null;
        }

        /** The fixture's name in the run's reports: its size, or the mode's name for a generated one. */
        String fixtureName() {
            return committed != null ? committed.name() : name();
        }

        /**
         * Fills the configuration's field only: the runner replays the fixture it is handed, and a generated one has no
         * source.
         */
        RunConfig.FixtureSource configuredSource() {
            return new RunConfig.FixtureSource.Committed(committed != null ? committed : FixtureSize.SMALL);
        }

        Fixture load() {
            if (committed != null) {
                return new FixtureLoader().loadResource("fixtures/fixture-" + committed.name().toLowerCase(Locale.ROOT)
                        + ".json");
            }
            return new FixtureGenerator(GeneratorParameters.defaults(GeneratedFixture.SEED)
                    .withOperations(generated.operations()).withMix(OperationMix.datasafe().with(generated.weights())))
                    .generate();
        }
    }

    /** A fixture a cell generates: its operations after the CREATE_USERs, and the weights added to Datasafe's mix. */
    private record GeneratedFixture(int operations, String weights) {
        /** The same operations in every cell and run. */
        static final long SEED = 41;
    }

    /** What a run reported: the failures it kept, each naming its object, and whether it passed. */
    record Reported(List<Failure> failures, boolean passed) {
    }

    private static final HeadroomPlan HEADROOM_PLAN = new HeadroomPlan(1, 2, 1, 1500, 2, 0, 2);
    private static final RatePlan RATE_PLAN = new RatePlan(150, THREADS, 1500);

    private final Path reports;
    private final int maxAlterations;

    TamperCell(Path reports, int maxAlterations) {
        this.reports = reports;
        this.maxAlterations = maxAlterations;
    }

    /**
     * @param runStore    the store as the run sees it
     * @param tamperStore the same objects through a client of the tamperer's own
     */
    TamperVerdict run(String storeName, Mode mode, List<Alteration.Kind> kinds, BlobStore runStore,
                      BlobStore tamperStore, long seed) {
        long startNanos = System.nanoTime();
        String cell = storeName + " " + mode + " " + (kinds.size() == 1 ? kinds.getFirst() : "all kinds");
        Fixture fixture = mode.load();
        AtomicLong sequence = new AtomicLong();
        RunEvents events = new RunEvents(runStore, sequence);
        Tamperer tamperer = new Tamperer(tamperStore, sequence, kinds, mode.tamperInterval, maxAlterations, seed);
        Reported reported;
        try {
            reported = switch (mode) {
                case FIXTURE, SOAK, ROTATION -> replay(storeName, mode, cell, fixture, events, tamperer);
                case HEADROOM -> headroom(storeName, cell, fixture, events, tamperer);
                case RATE -> rate(storeName, cell, fixture, events, tamperer);
            };
        } finally {
            close(tamperer);
        }
        TamperVerdict verdict = TamperVerdict.of(cell, tamperer.made(), events.events(), reported, runStore);
        // what each cell costs CI's short matrix
        LOG.info("tamper cell {} took {} ms", cell, (System.nanoTime() - startNanos) / 1_000_000);
        return verdict;
    }

    private Reported replay(String storeName, Mode mode, String cell, Fixture fixture, RunEvents store,
                            Tamperer tamperer) {
        tamperer.start();
        RunResult result = new WorkloadRunner(config(storeName, mode, cell), "TamperMatrix", new ContentGenerator())
                .run(new Combination(storeName, THREADS, FILE_SIZE_KIB), fixture, mode.fixtureName(), store,
                        engineStore -> new ReencryptionRecorder(vault(engineStore), store), users -> Map.of());
        return new Reported(result.failures(), result.passed());
    }

    /** The tamperer starts once the users and the READ pool exist: what it alters is what the steps read. */
    private Reported headroom(String storeName, String cell, Fixture fixture, BlobStore store, Tamperer tamperer) {
        return load(RunMode.HEADROOM, LoadOperation.READ, storeName, cell, fixture, store, tamperer, (workload, recording) ->
                new HeadroomRunner(HEADROOM_PLAN, workload, Duration.ofSeconds(5), WorkerThreads.DEFAULT, threads -> List.of()).run(recording));
    }

    private Reported rate(String storeName, String cell, Fixture fixture, BlobStore store, Tamperer tamperer) {
        return load(RunMode.RATE, LoadOperation.MIX, storeName, cell, fixture, store, tamperer, (workload, recording) ->
                new RateRunner(RATE_PLAN, workload, Duration.ofSeconds(5), WorkerThreads.DEFAULT, List.of()).run(recording, 0));
    }

    /** A load mode's run, recorded and written as the CLI's is; the tamperer starts once the workload is prepared. */
    private Reported load(RunMode mode, LoadOperation operation, String storeName, String cell, Fixture fixture, BlobStore store,
                          Tamperer tamperer, BiFunction<LoadWorkload, LoadRecording, LoadMeasurement> measure) {
        RunSetup setup = RunSetup.ofLoad(mode, "TamperMatrix", storeName, store.describe(), THREADS, FILE_SIZE_KIB,
                "SMALL " + operation, WorkerThreads.DEFAULT.nice());
        try (LoadWorkload workload = LoadWorkload.prepare(operation, fixture, store, TamperCell::vault,
                new ContentGenerator(), FILE_SIZE_KIB * 1024L);
             LoadRecording recording = new LoadRecording(workload, new ReportFiles(reportsOf(cell), "load"), setup, cell,
                     ResultFormat.ALL)) {
            tamperer.start();
            RunResult result = recording.finish(measure.apply(workload, recording), OptionalDouble.empty());
            return new Reported(result.failures(), result.passed());
        }
    }

    private static DatasafeStyleVault vault(BlobStore store) {
        return new DatasafeStyleVault(store, VaultSettings.defaults().withKdfIterations(KDF_ITERATIONS));
    }

    private RunConfig config(String storeName, Mode mode, String cell) {
        return new RunConfig(List.of(storeName), List.of(VaultEngineFactory.NAME), List.of(THREADS),
                List.of(FILE_SIZE_KIB), mode.configuredSource(), CipherSuite.AES256_GCM,
                KDF_ITERATIONS, mode.duration, ErrorMode.CONTINUE, Duration.ofSeconds(5), Duration.ZERO,
                OptionalDouble.empty(), 1, reportsOf(cell));
    }

    private Path reportsOf(String cell) {
        return reports.resolve(cell.toLowerCase(Locale.ROOT).replace(' ', '-'));
    }

    private static void close(Tamperer tamperer) {
        try {
            tamperer.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the tamperer", e);
        }
    }
}
