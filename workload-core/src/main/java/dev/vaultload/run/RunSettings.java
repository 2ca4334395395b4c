package dev.vaultload.run;

import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.RunMode;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.storage.FileSystemStorageProviderFactory;
import dev.vaultload.storage.StorageProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** The harness's settings, Datasafe's names where it has them, and those of its own FILESYSTEM provider. */
public final class RunSettings implements SettingDeclarations {
    public static final Setting<List<String>> STORAGE_PROVIDERS = Setting.of("STORAGE_PROVIDERS", SettingType.names(),
            StorageProviders.DEFAULT, "storage providers, run one after the other: `EMBEDDED`, `MINIO`, `CEPH`, `AMAZON`,"
                    + " `FILESYSTEM`, `MEMORY` (see [providers](#storage-providers))");
    public static final Setting<List<String>> ENGINES = Setting.of("ENGINES", SettingType.names(), Engines.DEFAULT,
            "engines, run one after the other on each storage: `VAULTLOAD` (ours), `DATASAFE` (the real Datasafe 1.0.3),"
                    + " `S3EC` (AWS's S3 Encryption Client), `SSE_S3`, `SSE_KMS`, `SSE_C` (server-side encryption);"
                    + " see [docs/bindings.md](docs/bindings.md)");
    public static final Setting<List<Integer>> THREADS = Setting.of("THREADS", SettingType.positiveInts(), "2,4,8",
            "thread counts; each thread is one execution of the whole fixture (HEADROOM steps from MIN_THREADS to"
                    + " MAX_THREADS instead)")
            .inModes(RunMode.FIXTURE.name(), RunMode.RATE.name(), RunMode.TRACE.name());
    public static final Setting<List<Integer>> FILE_SIZES = Setting.of("FILE_SIZES",
            SettingType.positiveInts("sizes in KiB (1024 is 1 MiB), e.g. 100,1024"),
            "100,1024,10240", "document sizes in KiB");
    public static final Setting<RunConfig.FixtureSource> FIXTURE_SIZE = Setting.of("FIXTURE_SIZE",
            new SettingType<>("SMALL, MEDIUM, LARGE or the path of an existing fixture file", RunSettings::fixture),
            FixtureSize.SMALL.name(), "the fixture: `SMALL` has 200 operations, `MEDIUM` 1000, `LARGE` 10000; a file may be"
                    + " ours or Datasafe's");
    public static final Setting<Path> FIXTURE = Setting.optional("FIXTURE", SettingType.readableFile("a readable fixture file"),
            "`FIXTURE_SIZE`", "a fixture file (ours, Datasafe's or an imported trace's) to replay instead of a committed"
                    + " size; set it or FIXTURE_SIZE, not both");
    public static final Setting<CipherSuite> CIPHER = Setting.of("CIPHER", SettingType.choice(CipherSuite.class),
            CipherSuite.AES256_GCM.name(), "document encryption; `NONE` encrypts nothing: the baseline, and every report says so");
    public static final Setting<Integer> KDF_ITERATIONS = Setting.of("KDF_ITERATIONS", SettingType.positiveInt(),
            Integer.toString(EngineOptions.DEFAULT_KDF_ITERATIONS),
            "PBKDF2-HMAC-SHA512 iterations protecting each keystore (OWASP's figure)");
    public static final Setting<ErrorMode> ERROR_MODE = Setting.of("ERROR_MODE", SettingType.choice(ErrorMode.class),
            ErrorMode.FAIL_FAST.name(), "`FAIL_FAST`: the first error stops and fails the combination; `CONTINUE`: count,"
                    + " classify, go on, fail at the end only on INTEGRITY or LOST errors (data altered or lost); the load modes end on"
                    + " ERROR_BUDGET instead").inModes(RunMode.FIXTURE.name());
    public static final Setting<Duration> DURATION = Setting.optional("DURATION", SettingType.duration(), "one pass",
            "passes of the fixture follow each other until the time is up (soak), e.g. `30m`, `72h`; RATE runs this long")
            .inModes(RunMode.FIXTURE.name(), RunMode.RATE.name());
    public static final Setting<Duration> PERIOD = Setting.of("PERIOD", SettingType.duration(), "10s",
            "interval of the progress line and of the charts' points (`1s` for interactive runs; unset with a short"
                    + " DURATION, a thirtieth of it, at least 1s)");
    public static final Setting<Duration> WARMUP = Setting.of("WARMUP", SettingType.durationOrZero(), "10s",
            "the start of every run (JIT compilation, connection pools, caches filling) that `compare` leaves out of its"
                    + " ratios and tests; whole periods that began inside it are dropped; RATE runs this long at its rate"
                    + " first (at most DURATION) and records nothing of it; unset with a short DURATION, a fifth of it")
            .inModes(RunMode.FIXTURE.name(), RunMode.RATE.name());
    public static final Setting<Double> MAX_RSS_GROWTH_PERCENT = Setting.optional("MAX_RSS_GROWTH_PERCENT",
            SettingType.percent(), "none", "fail the combination when the RSS grew more than this percentage from the first"
                    + " to the last quarter of the run; see [soak health](#soak-health-cryptostorage-split-measurement-truth)");
    public static final Setting<Integer> REPEAT = Setting.of("REPEAT", SettingType.positiveInt(), "1",
            "runs of every combination: the whole matrix this many times, so that runs of two combinations interleave"
                    + " and share the machine's drift; `compare` needs >= 2 runs a side");
    public static final Setting<Integer> WORKER_NICE = Setting.of("WORKER_NICE",
            SettingType.integerWithin(0, WorkerThreads.MAX_NICE), "0", "nice value of the threads that run operations"
                    + " (Linux): on a machine shared with the server under test, e.g. 10 lets the server go first, so"
                    + " that a woken worker does not delay the other workers' answers; see [docs/benchmarks.md](docs/benchmarks.md)");
    public static final Setting<String> SUITE = Setting.of("SUITE",
            SettingType.oneOf(Arrays.stream(Suite.values()).map(Suite::name).toList()), Suite.RandomActionsOnDatasafeTest.name(),
            "`vaultload run`'s suite in FIXTURE mode, as the JUnit class of the same name runs it: the main job, the engine"
                    + " through its simple adapter (private space only), or the main job over BUCKETS buckets")
            .inModes(RunMode.FIXTURE.name());
    public static final Setting<Integer> BUCKETS = Setting.of("BUCKETS", SettingType.positiveInt(), "3",
            "buckets of the multi-bucket suite, named `<bucket>-0`, `<bucket>-1`, ...").inModes(RunMode.FIXTURE.name());
    public static final Setting<Boolean> ENABLE_MULTI_BUCKET_TEST = Setting.of("ENABLE_MULTI_BUCKET_TEST",
            SettingType.flag(), "false", "`true` runs `RandomActionsOnMultiBucketTest` (the suites only)");
    public static final Setting<Path> REPORT_DIR = Setting.of("REPORT_DIR", SettingType.directory(),
            "target/workload-reports", "where the report files go");
    public static final Setting<Set<ResultFormat>> REPORT_FORMATS = Setting.of("REPORT_FORMATS", new SettingType<>(
                    "a comma-separated list of " + Arrays.toString(ResultFormat.values()) + ", HTML with JSON",
                    ResultFormat::parseList), "DATASAFE_LOG,CONSOLE,JSON,CSV,HLOG,HTML",
            "the outputs every result of every mode is written to: Datasafe's statistics block and the other log tables,"
                    + " `NAME.json`, `NAME.csv`, `NAME.hlog`, `report.html`");
    public static final Setting<Boolean> CRYPTO_CEILING = Setting.of("CRYPTO_CEILING", SettingType.flag(), "true",
            "measure this machine's crypto ceiling (the run's CIPHER both ways and SHA-256 on one core, on the JDK's"
                    + " providers, at each FILE_SIZES size; at most 1.5 s) before the first combination, and set"
                    + " each WRITE's and READ's CPU per MiB against it; `false` leaves it out").inModes(RunMode.FIXTURE.name());
    public static final Setting<Path> FILESYSTEM_ROOT = Setting.optional(FileSystemStorageProviderFactory.ROOT_SETTING,
            SettingType.directory(), "a temporary directory, removed after the run", "directory of the FILESYSTEM provider")
            .forProviders(FileSystemStorageProviderFactory.NAME);

    /** First: what every run sets. */
    @Override
    public int rank() {
        return -1;
    }

    @Override
    public String topic() {
        return "The run: stores, engines, matrix, fixture, length, outputs";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(STORAGE_PROVIDERS, ENGINES, THREADS, FILE_SIZES, FIXTURE_SIZE, FIXTURE, CIPHER, KDF_ITERATIONS,
                ERROR_MODE, DURATION, PERIOD, WARMUP, MAX_RSS_GROWTH_PERCENT, REPEAT, WORKER_NICE, SUITE, BUCKETS,
                ENABLE_MULTI_BUCKET_TEST, REPORT_DIR, REPORT_FORMATS, CRYPTO_CEILING, FILESYSTEM_ROOT);
    }

    private static RunConfig.FixtureSource fixture(String text) {
        return Arrays.stream(FixtureSize.values()).filter(size -> size.name().equalsIgnoreCase(text)).findFirst()
                .<RunConfig.FixtureSource>map(RunConfig.FixtureSource.Committed::new)
                .orElseGet(() -> {
                    Path file = Path.of(text);
                    if (!Files.isRegularFile(file)) {
                        throw new IllegalArgumentException("no such file: " + text);
                    }
                    return new RunConfig.FixtureSource.File(file);
                });
    }
}
