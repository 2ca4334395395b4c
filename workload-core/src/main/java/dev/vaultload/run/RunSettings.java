package dev.vaultload.run;

import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.storage.StorageProviders;
import java.util.List;

/** The harness's settings, Datasafe's names where it has them. */
public final class RunSettings implements SettingDeclarations {
    public static final Setting STORAGE_PROVIDERS = Setting.of("STORAGE_PROVIDERS", StorageProviders.DEFAULT,
            "comma-separated: `EMBEDDED`, `MINIO`, `CEPH`, `AMAZON`, `FILESYSTEM`, `MEMORY` (see [providers](#storage-providers))");
    public static final Setting ENGINES = Setting.of("ENGINES", Engines.DEFAULT,
            "comma-separated engines, run one after the other on each storage: `VAULTLOAD` (ours), `DATASAFE` (the real Datasafe 1.0.3); see [docs/bindings.md](docs/bindings.md)");
    public static final Setting THREADS = Setting.of("THREADS", "2,4,8",
            "thread counts; each thread is one execution of the whole fixture");
    public static final Setting FILE_SIZES = Setting.of("FILE_SIZES", "100,1024,10240", "document sizes in KiB");
    public static final Setting FIXTURE_SIZE = Setting.of("FIXTURE_SIZE", "SMALL",
            "`SMALL` (200 operations), `MEDIUM` (1000), `LARGE` (10000), or the path of a fixture file (ours or Datasafe's)");
    public static final Setting CIPHER = Setting.of("CIPHER", "AES256_GCM",
            "`AES256_GCM`, `AES256_CBC`, `CHACHA20_POLY1305`, or `NONE` (no encryption: the baseline; every report says so)");
    public static final Setting KDF_ITERATIONS = Setting.of("KDF_ITERATIONS",
            Integer.toString(EngineOptions.DEFAULT_KDF_ITERATIONS),
            "PBKDF2-HMAC-SHA512 iterations protecting each keystore (OWASP's figure)");
    public static final Setting ERROR_MODE = Setting.of("ERROR_MODE", "FAIL_FAST",
            "`FAIL_FAST`: the first error stops and fails the combination; `CONTINUE`: count, classify, go on, fail at the end only on INTEGRITY errors");
    public static final Setting DURATION = Setting.optional("DURATION", "one pass",
            "e.g. `30m`, `72h`: passes of the fixture follow each other until the time is up (soak)");
    public static final Setting PERIOD = Setting.of("PERIOD", "10s",
            "interval of the progress line (`1s` for interactive runs)");
    public static final Setting MAX_RSS_GROWTH_PERCENT = Setting.optional("MAX_RSS_GROWTH_PERCENT", "none",
            "fail the combination when the RSS grew more than this percentage (e.g. `10`, `12.5`) from the first to the last quarter of the run; see [soak health](#soak-health-cryptostorage-split-measurement-truth)");
    public static final Setting BUCKETS = Setting.of("BUCKETS", "3",
            "buckets of the multi-bucket suite, named `<bucket>-0`, `<bucket>-1`, ...");
    public static final Setting ENABLE_MULTI_BUCKET_TEST = Setting.of("ENABLE_MULTI_BUCKET_TEST", "false",
            "`true` runs `RandomActionsOnMultiBucketTest` (the suites only)");
    public static final Setting REPORT_DIR = Setting.of("REPORT_DIR", "target/workload-reports", "where the report files go");

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public List<Setting> settings() {
        return List.of(STORAGE_PROVIDERS, ENGINES, THREADS, FILE_SIZES, FIXTURE_SIZE, CIPHER, KDF_ITERATIONS, ERROR_MODE,
                DURATION, PERIOD, MAX_RSS_GROWTH_PERCENT, BUCKETS, ENABLE_MULTI_BUCKET_TEST, REPORT_DIR);
    }
}
