package dev.vaultload.faults;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3ec.AwsEngineSettings;
import dev.vaultload.s3ec.S3EcEngineFactory;
import dev.vaultload.s3ec.S3EcKeyring;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.s3.S3Timeouts;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.vault.DatasafeStyleVault;
import dev.vaultload.vault.KmsKeys;
import dev.vaultload.vault.VaultEngineFactory;
import dev.vaultload.vault.VaultEngineSettings;
import dev.vaultload.vault.VaultKms;
import dev.vaultload.vault.VaultSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Runs one cell: the fixture replayed by its engine ({@link CellEngine}) on {@value #THREADS} threads with
 * ERROR_MODE=CONTINUE through a fault that is switched on a little into the replay and healed a while later, then the
 * run's own final validation against the store's listing. Short client timeouts keep a black hole from stalling a cell for minutes.
 */
final class FaultCellRun {
    static final int THREADS = 2;
    static final int FILE_SIZE_KIB = 100;
    // The SMALL fixture's users take about 40 store calls to create and its replay on 2 threads about 700 more:
    // the fault is on for the middle of the replay, or for LONGEST_FAULT when it slows every call down.
    private static final int INJECT_AT_CALL = 120;
    private static final int HEAL_AT_CALL = 420;
    private static final Duration LONGEST_FAULT = Duration.ofSeconds(8);
    // S3EC's cells count the replay's 400 operations instead (CountedEngine): the fault on for the middle of them
    private static final int INJECT_AT_OPERATION = 80;
    private static final int HEAL_AT_OPERATION = 240;
    /** Connect 1 s, socket 2 s, attempt 3 s, call 10 s with its 3 attempts. */
    private static final S3Timeouts TIMEOUTS = new S3Timeouts(1_000, 2_000, 3_000, 10_000);

    /** A KMS call waits at most this long: a black-holed KES costs each operation this much, not the default 10 s. */
    private static final Duration KMS_TIMEOUT = Duration.ofSeconds(2);
    /** Few: the cells test failures, not password hashing. */
    private static final int KDF_ITERATIONS = 1000;

    private final Fixture fixture;
    private final ToxiproxyServer toxiproxy;
    private final Path reports;
    private final KmsServers kms;

    /** @param kms the key managers the key manager's faults stand in front of; a cell whose server is missing does not run */
    FaultCellRun(Fixture fixture, ToxiproxyServer toxiproxy, Path reports, KmsServers kms) {
        this.fixture = fixture;
        this.toxiproxy = toxiproxy;
        this.reports = reports;
        this.kms = kms;
    }

    /** The cell of {@code kind} on {@code store} run by {@code engine}; empty when the fault cannot happen there. */
    Optional<FaultCell> run(FaultKind kind, StoreUnderTest store, CellEngine engine) {
        String cellName = (kind.name() + "-" + store.name() + (engine == CellEngine.VAULTLOAD ? "" : "-" + engine.name()))
                .toLowerCase(Locale.ROOT).replace('_', '-');
        Optional<FaultKind.Placement> placed = kind.place(store, toxiproxy, cellName, kms, engine);
        if (placed.isEmpty()) {
            return Optional.empty();
        }
        FaultKind.Placement placement = placed.get();
        Replayed replayed = replay(fixture, reports, cellName, placement, store, engine);
        long validationFailures = replayed.result().failures().stream().filter(f -> f.message().startsWith("final ")).count();
        return Optional.of(new FaultCell(kind, store.name(), engine, placement.fault().name(), replayed.faultOn(),
                replayed.result(), replayed.retries(), validationFailures, replayed.healedAt()));
    }

    /**
     * What a replay through a fault showed: its result, how long the fault was on, when it was healed (null if it never
     * was on) and the retries of the harness's S3 client.
     */
    record Replayed(RunResult result, Duration faultOn, Instant healedAt, long retries) {
    }

    /**
     * {@code fixture} replayed by {@code engine} on a bucket of {@code store} named for the cell, the placement's fault
     * switched by the {@link FaultWindow}, its key manager's settings over the environment's; the placement's
     * resources closed after.
     */
    static Replayed replay(Fixture fixture, Path reports, String cellName, FaultKind.Placement placement,
                           StoreUnderTest store, CellEngine engine) {
        try (AutoCloseable resources = placement.resources();
             S3Connection direct = S3Connection.open(S3ClientSettings.of(store.endpoint(), store.credentials()));
             S3Connection faulted = S3Connection.open(new S3ClientSettings(placement.endpoint(),
                     S3ClientSettings.DEFAULT_REGION, store.credentials(), null, 16, S3ClientSettings.DEFAULT_MAX_ATTEMPTS,
                     TIMEOUTS))) {
            String bucket = "faults-" + cellName;
            direct.createBucket(bucket);
            BlobStore faultedStore = faulted.bucket(bucket, S3TransferSettings.DEFAULT);
            FaultWindow window;
            Function<BlobStore, Engine> engineOn;
            switch (engine) {
                case VAULTLOAD -> {
                    window = new FaultWindow(faultedStore, placement.fault(), INJECT_AT_CALL, HEAL_AT_CALL, LONGEST_FAULT);
                    engineOn = s -> new DatasafeStyleVault(s, VaultSettings.defaults().withKdfIterations(KDF_ITERATIONS),
                            placement.kms().flatMap(FaultCellRun::documentKeysAt));
                }
                case S3EC -> {
                    window = new FaultWindow(faultedStore, placement.fault(), INJECT_AT_OPERATION, HEAL_AT_OPERATION,
                            LONGEST_FAULT);
                    EngineOptions options = new EngineOptions(CipherSuite.AES256_GCM, KDF_ITERATIONS,
                            s3ecSettings(store, bucket, placement.kms().orElseThrow()));
                    engineOn = s -> new CountedEngine(new S3EcEngineFactory().open(s, options), window);
                }
                default -> throw new IllegalStateException("no fault matrix cell for " + engine);
            }
            RunResult result;
            try (window) {
                result = new WorkloadRunner(config(reports, cellName, engine), "FaultMatrix", new ContentGenerator())
                        .run(new Combination(store.name(), THREADS, FILE_SIZE_KIB), fixture, "SMALL", window, engineOn,
                                users -> Map.of());
            }
            long retries = faulted.retriesByOperation().values().stream().mapToLong(Long::longValue).sum();
            return new Replayed(result, window.faultDuration(), window.healedAt().orElse(null), retries);
        } catch (Exception e) {
            throw new IllegalStateException("fault matrix cell " + cellName + " could not run: " + e, e);
        }
    }

    /**
     * S3EC with its KMS keyring at the cell's AWS KMS API ({@code kms}: behind the cell's proxy, or the environment's),
     * writing to {@code bucket} of the healthy {@code store}, with this machine's key (AWS_KMS_* in the environment).
     */
    private static Function<String, String> s3ecSettings(StoreUnderTest store, String bucket, Map<String, String> kms) {
        Map<String, String> cell = new HashMap<>(kms);
        cell.putAll(Map.of("AWS_URL", store.endpoint().toString(), "AWS_REGION", S3ClientSettings.DEFAULT_REGION,
                "AWS_BUCKET", bucket, "AWS_ACCESS_KEY", store.credentials().accessKeyId(),
                "AWS_SECRET_KEY", store.credentials().secretKey(),
                AwsEngineSettings.S3EC_KEYRING.name(), S3EcKeyring.KMS.name(),
                KmsSettings.KMS_TIMEOUT.name(), KMS_TIMEOUT.toSeconds() + "s"));
        Function<String, String> system = SettingsRegistry.system();
        return name -> cell.containsKey(name) ? cell.get(name) : system.apply(name);
    }

    /**
     * VAULTLOAD's documents' keys at the cell's key manager ({@code kms}: KES behind the cell's proxy, or the AWS KMS
     * API), every call made (no cache), with this machine's client settings and key (KES_*, AWS_KMS_* in the
     * environment).
     */
    private static Optional<VaultKms> documentKeysAt(Map<String, String> kms) {
        Map<String, String> cell = new HashMap<>(kms);
        cell.putAll(Map.of(KmsSettings.KMS_TIMEOUT.name(), KMS_TIMEOUT.toSeconds() + "s",
                VaultEngineSettings.KMS_KEYS.name(), KmsKeys.DOCUMENT.name(), VaultEngineSettings.KMS_KEY_CACHE.name(), "OFF"));
        Function<String, String> system = SettingsRegistry.system();
        return VaultKms.of(name -> cell.containsKey(name) ? cell.get(name) : system.apply(name));
    }

    private static RunConfig config(Path reports, String cellName, CellEngine engine) {
        return new RunConfig(List.of("FAULTS"), List.of(engine == CellEngine.S3EC ? S3EcEngineFactory.NAME
                : VaultEngineFactory.NAME), List.of(THREADS), List.of(FILE_SIZE_KIB),
                new RunConfig.FixtureSource.Committed(FixtureSize.SMALL), CipherSuite.AES256_GCM, KDF_ITERATIONS,
                Optional.empty(), ErrorMode.CONTINUE, Duration.ofSeconds(5), Duration.ZERO, OptionalDouble.empty(), 1,
                reports.resolve(cellName));
    }
}
