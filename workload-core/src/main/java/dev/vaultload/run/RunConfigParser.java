package dev.vaultload.run;

import dev.vaultload.report.Thresholds;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Reads a {@link RunConfig} from named settings (system property first, then environment variable) through the
 * declarations of {@link RunSettings}. Every value is checked before anything runs; a bad one fails with a message
 * naming the property, the value and what is accepted.
 */
public final class RunConfigParser {
    private final Function<String, String> settings;

    private static final int PERIODS_PER_RUN = 30;
    private static final Duration MIN_PERIOD = Duration.ofSeconds(1);
    private static final int WARMUP_SHARE_DIVISOR = 5;

    /** @param settings lookup by setting name, null when unset */
    public RunConfigParser(Function<String, String> settings) {
        this.settings = settings;
    }

    public RunConfig parse() {
        return new RunConfig(
                RunSettings.STORAGE_PROVIDERS.read(settings),
                RunSettings.ENGINES.read(settings),
                RunSettings.THREADS.read(settings),
                RunSettings.FILE_SIZES.read(settings),
                fixture(),
                RunSettings.CIPHER.read(settings),
                RunSettings.KDF_ITERATIONS.read(settings),
                RunSettings.DURATION.find(settings),
                RunSettings.ERROR_MODE.read(settings),
                RunSettings.PERIOD.find(settings).orElseGet(this::fittedPeriod),
                RunSettings.WARMUP.find(settings).orElseGet(this::fittedWarmup),
                RunSettings.MAX_RSS_GROWTH_PERCENT.find(settings).map(OptionalDouble::of).orElseGet(OptionalDouble::empty),
                RunSettings.BUCKETS.read(settings),
                RunSettings.REPORT_DIR.read(settings),
                RunSettings.REPORT_FORMATS.read(settings),
                Thresholds.read(settings),
                WorkerThreads.checked(RunSettings.WORKER_NICE.read(settings)),
                RunSettings.CRYPTO_CEILING.read(settings));
    }

    /**
     * PERIOD unset: its default, or for a short DURATION a thirtieth of it (at least 1 s), so that a short run's charts
     * have points to draw rather than two periods.
     */
    private Duration fittedPeriod() {
        Duration standard = RunSettings.PERIOD.read(settings);
        return RunSettings.DURATION.find(settings).map(duration -> duration.dividedBy(PERIODS_PER_RUN))
                .map(fitted -> fitted.compareTo(MIN_PERIOD) < 0 ? MIN_PERIOD : fitted)
                .filter(fitted -> fitted.compareTo(standard) < 0).orElse(standard);
    }

    /** WARMUP unset: its default, or a fifth of a short DURATION, so that a short run is not all warm-up. */
    private Duration fittedWarmup() {
        Duration standard = RunSettings.WARMUP.read(settings);
        return RunSettings.DURATION.find(settings).map(duration -> duration.dividedBy(WARMUP_SHARE_DIVISOR))
                .filter(fitted -> fitted.compareTo(standard) < 0).orElse(standard);
    }

    /** FIXTURE's file, else FIXTURE_SIZE (Datasafe's setting, a size or a file); both at once is ambiguous. */
    private RunConfig.FixtureSource fixture() {
        Optional<Path> file = RunSettings.FIXTURE.find(settings);
        if (file.isPresent() && RunSettings.FIXTURE_SIZE.in(settings).isPresent()) {
            throw new IllegalArgumentException("Invalid " + RunSettings.FIXTURE.name() + ": set with "
                    + RunSettings.FIXTURE_SIZE.name() + "; give one of them");
        }
        return file.<RunConfig.FixtureSource>map(RunConfig.FixtureSource.File::new)
                .orElseGet(() -> RunSettings.FIXTURE_SIZE.read(settings));
    }
}
