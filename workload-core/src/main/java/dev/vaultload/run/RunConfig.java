package dev.vaultload.run;

import dev.vaultload.ceiling.CryptoCeiling;
import dev.vaultload.ceiling.ProcessCeiling;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.Thresholds;
import dev.vaultload.stats.ErrorMode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Everything a suite run is configured with, validated. Built by {@link RunConfigParser} from system
 * properties and environment variables with Datasafe's names.
 *
 * @param storageProviders  STORAGE_PROVIDERS: provider names, run one after the other
 * @param engines           ENGINES: engine names, run one after the other on each storage
 * @param threads           THREADS: thread counts of the matrix
 * @param fileSizesKib      FILE_SIZES: document sizes of the matrix, in KiB
 * @param fixture           FIXTURE_SIZE: a committed fixture size or a fixture file
 * @param cipher            CIPHER: document encryption
 * @param kdfIterations     KDF_ITERATIONS: PBKDF2 iterations protecting each keystore
 * @param duration          DURATION: repeat passes of the fixture until this much time has passed; empty for one pass
 * @param errorMode         ERROR_MODE
 * @param reportPeriod      PERIOD: how often a progress line (and a health sample) is taken
 * @param warmup            WARMUP: the start of every run that comparisons leave out
 * @param maxRssGrowthPercent MAX_RSS_GROWTH_PERCENT: fail the run when the RSS grew more than this from the first
 *                          to the last quarter of the run; empty for no limit
 * @param buckets           BUCKETS: buckets of the multi-bucket suite
 * @param reportDirectory   REPORT_DIR: where report files go
 * @param reportFormats     REPORT_FORMATS: which outputs every result is written to
 * @param thresholds        THRESHOLDS and THRESHOLDS_FILE: judged on every combination's result
 * @param workers           WORKER_NICE: how the threads that run operations are made
 * @param cryptoCeiling     CRYPTO_CEILING: measure this machine's crypto ceiling before the first combination
 */
public record RunConfig(
        List<String> storageProviders,
        List<String> engines,
        List<Integer> threads,
        List<Integer> fileSizesKib,
        FixtureSource fixture,
        CipherSuite cipher,
        int kdfIterations,
        Optional<Duration> duration,
        ErrorMode errorMode,
        Duration reportPeriod,
        Duration warmup,
        OptionalDouble maxRssGrowthPercent,
        int buckets,
        Path reportDirectory,
        Set<ResultFormat> reportFormats,
        Thresholds thresholds,
        WorkerThreads workers,
        boolean cryptoCeiling) {

    /** As the canonical constructor, without thresholds or the crypto ceiling, workers at the JVM's own priority. */
    public RunConfig(List<String> storageProviders, List<String> engines, List<Integer> threads,
                     List<Integer> fileSizesKib, FixtureSource fixture, CipherSuite cipher, int kdfIterations,
                     Optional<Duration> duration, ErrorMode errorMode, Duration reportPeriod, Duration warmup,
                     OptionalDouble maxRssGrowthPercent, int buckets, Path reportDirectory, Set<ResultFormat> reportFormats) {
        this(storageProviders, engines, threads, fileSizesKib, fixture, cipher, kdfIterations, duration, errorMode,
                reportPeriod, warmup, maxRssGrowthPercent, buckets, reportDirectory, reportFormats, Thresholds.NONE,
                WorkerThreads.DEFAULT, false);
    }

    /**
     * As the canonical constructor, writing every format, without thresholds or the crypto ceiling, workers at the JVM's
     * own priority.
     */
    public RunConfig(List<String> storageProviders, List<String> engines, List<Integer> threads,
                     List<Integer> fileSizesKib, FixtureSource fixture, CipherSuite cipher, int kdfIterations,
                     Optional<Duration> duration, ErrorMode errorMode, Duration reportPeriod, Duration warmup,
                     OptionalDouble maxRssGrowthPercent, int buckets, Path reportDirectory) {
        this(storageProviders, engines, threads, fileSizesKib, fixture, cipher, kdfIterations, duration, errorMode,
                reportPeriod, warmup, maxRssGrowthPercent, buckets, reportDirectory, ResultFormat.ALL);
    }

    public RunConfig {
        reportFormats = Set.copyOf(reportFormats);
        storageProviders = List.copyOf(storageProviders);
        engines = List.copyOf(engines);
        threads = List.copyOf(threads);
        fileSizesKib = List.copyOf(fileSizesKib);
    }

    /**
     * With CRYPTO_CEILING, this machine's crypto ceiling for the run's FILE_SIZES and CIPHER, measured now the first
     * time (once per process and set of them: {@link ProcessCeiling}), before the measurement it is set against; null
     * without.
     */
    public CryptoCeiling measuredCeiling() {
        return cryptoCeiling ? ProcessCeiling.forRun(fileSizesKib, cipher) : null;
    }

    /** Where the fixture of a run comes from: a committed size or a file. */
    public sealed interface FixtureSource {
        record Committed(FixtureSize size) implements FixtureSource {
            /** The committed fixture's classpath resource, full or private-space-only (for the simple adapter suite). */
            public String resource(boolean privateOnly) {
                return "fixtures/fixture-" + (privateOnly ? "private-" : "") + size.name().toLowerCase(Locale.ROOT) + ".json";
            }
        }

        record File(Path path) implements FixtureSource {
        }
    }
}
