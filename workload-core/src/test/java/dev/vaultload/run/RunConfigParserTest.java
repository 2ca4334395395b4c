package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.stats.ErrorMode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RunConfigParserTest {

    private static RunConfig parse(Map<String, String> settings) {
        return new RunConfigParser(settings::get).parse();
    }

    @Test
    void defaultsAreDatasafes() {
        RunConfig config = parse(Map.of());
        assertEquals(List.of("EMBEDDED"), config.storageProviders());
        assertEquals(List.of("VAULTLOAD"), config.engines());
        assertEquals(List.of(2, 4, 8), config.threads());
        assertEquals(List.of(100, 1024, 10240), config.fileSizesKib());
        assertEquals(new RunConfig.FixtureSource.Committed(FixtureSize.SMALL), config.fixture());
        assertEquals(CipherSuite.AES256_GCM, config.cipher());
        assertEquals(ErrorMode.FAIL_FAST, config.errorMode());
        assertEquals(Optional.empty(), config.duration());
        assertEquals(Duration.ofSeconds(10), config.reportPeriod());
        assertEquals(Duration.ofSeconds(10), config.warmup());
        assertEquals(210_000, config.kdfIterations());
        assertEquals(OptionalDouble.empty(), config.maxRssGrowthPercent());
    }

    @Test
    void aFixtureFileComesFromFixtureAndNotFromFixtureSizeAsWell(@TempDir Path directory) throws IOException {
        Path file = Files.writeString(directory.resolve("trace.json"), "{}");

        assertEquals(new RunConfig.FixtureSource.File(file), parse(Map.of("FIXTURE", file.toString())).fixture());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> parse(Map.of("FIXTURE", file.toString(), "FIXTURE_SIZE", "SMALL")));
        assertEquals("Invalid FIXTURE: set with FIXTURE_SIZE; give one of them", refused.getMessage());
    }

    /** A 30 s run at the default PERIOD had charts of 3 points, all shaded as warm-up. */
    @ParameterizedTest
    @CsvSource({"30s,1,6", "60s,2,10", "72h,10,10", "10s,1,2"})
    void aShortRunGetsAPeriodAndWarmUpFittedToItsDuration(String duration, long periodSeconds, long warmupSeconds) {
        RunConfig config = parse(Map.of("DURATION", duration));

        assertEquals(Duration.ofSeconds(periodSeconds), config.reportPeriod());
        assertEquals(Duration.ofSeconds(warmupSeconds), config.warmup());
        assertEquals(Duration.ofSeconds(5), parse(Map.of("DURATION", duration, "PERIOD", "5s")).reportPeriod(),
                "a PERIOD given is kept");
    }

    @Test
    void readsTheRssGrowthLimitWithOrWithoutPercentSign() {
        assertEquals(OptionalDouble.of(12.5), parse(Map.of("MAX_RSS_GROWTH_PERCENT", "12.5")).maxRssGrowthPercent());
        assertEquals(OptionalDouble.of(0), parse(Map.of("MAX_RSS_GROWTH_PERCENT", "0%")).maxRssGrowthPercent());
    }

    @Test
    void readsEveryProperty() {
        RunConfig config = parse(Map.of("STORAGE_PROVIDERS", "memory, filesystem", "THREADS", "1,16",
                "FILE_SIZES", "1", "FIXTURE_SIZE", "medium", "CIPHER", "aes256_cbc", "DURATION", "72h",
                "ERROR_MODE", "CONTINUE", "PERIOD", "1", "KDF_ITERATIONS", "1000", "WARMUP", "30s"));
        assertEquals(List.of("MEMORY", "FILESYSTEM"), config.storageProviders());
        assertEquals(List.of(1, 16), config.threads());
        assertEquals(List.of(1), config.fileSizesKib());
        assertEquals(new RunConfig.FixtureSource.Committed(FixtureSize.MEDIUM), config.fixture());
        assertEquals(CipherSuite.AES256_CBC, config.cipher());
        assertEquals(Optional.of(Duration.ofHours(72)), config.duration());
        assertEquals(ErrorMode.CONTINUE, config.errorMode());
        assertEquals(Duration.ofSeconds(1), config.reportPeriod());
        assertEquals(Duration.ofSeconds(30), config.warmup());
        assertEquals(1000, config.kdfIterations());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "THREADS;two;positive integers",
            "THREADS;2,0;positive integers",
            "FILE_SIZES;100,-1;sizes in KiB",
            "CIPHER;AES128;AES256_GCM",
            "ERROR_MODE;IGNORE;FAIL_FAST",
            "DURATION;10 minutes;72h",
            "DURATION;0;72h",
            "PERIOD;-1s;30s",
            "FIXTURE_SIZE;HUGE;SMALL, MEDIUM, LARGE",
            "KDF_ITERATIONS;0;positive integer",
            "MAX_RSS_GROWTH_PERCENT;-5;percentage of zero or more",
            "MAX_RSS_GROWTH_PERCENT;ten;percentage of zero or more"})
    void rejectsBadValuesNamingThePropertyAndWhatItAccepts(String property, String value, String accepted) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> parse(Map.of(property, value)));
        assertTrue(error.getMessage().contains(property + "='" + value + "'"), error.getMessage());
        assertTrue(error.getMessage().contains(accepted), error.getMessage());
    }
}
