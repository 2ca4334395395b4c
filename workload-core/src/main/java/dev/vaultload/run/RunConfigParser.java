package dev.vaultload.run;

import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@link RunConfig} from named settings (system property first, then environment variable).
 * Every value is checked before anything runs; a bad one fails with a message naming the property, the
 * value and what is accepted.
 */
public final class RunConfigParser {
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h|d)");
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)%?");

    private final Function<String, String> settings;
    private final String defaultStorageProviders;

    /**
     * @param settings                lookup by property name, null when unset
     * @param defaultStorageProviders STORAGE_PROVIDERS when unset
     */
    public RunConfigParser(Function<String, String> settings, String defaultStorageProviders) {
        this.settings = settings;
        this.defaultStorageProviders = defaultStorageProviders;
    }

    /** System property if set, else the environment variable of the same name. */
    public static Function<String, String> systemSettings() {
        return name -> {
            String value = System.getProperty(name);
            return value == null || value.isBlank() ? System.getenv(name) : value;
        };
    }

    public RunConfig parse() {
        return new RunConfig(
                names("STORAGE_PROVIDERS", defaultStorageProviders),
                names("ENGINES", Engines.DEFAULT),
                positiveInts("THREADS", "2,4,8"),
                positiveInts("FILE_SIZES", "100,1024,10240"),
                fixture(),
                choice("CIPHER", CipherSuite.class, CipherSuite.AES256_GCM),
                positiveInt("KDF_ITERATIONS", EngineOptions.DEFAULT_KDF_ITERATIONS),
                optionalDuration("DURATION"),
                choice("ERROR_MODE", ErrorMode.class, ErrorMode.FAIL_FAST),
                optionalDuration("PERIOD").orElse(Duration.ofSeconds(10)),
                optionalPercent("MAX_RSS_GROWTH_PERCENT"),
                positiveInt("BUCKETS", 3),
                Path.of(value("REPORT_DIR", "target/workload-reports")));
    }

    private String value(String name, String defaultValue) {
        String value = settings.apply(name);
        return value == null || value.isBlank() ? defaultValue : value.trim();
    }

    private List<String> names(String name, String defaultValue) {
        List<String> names = Arrays.stream(value(name, defaultValue).split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).map(s -> s.toUpperCase(Locale.ROOT)).toList();
        if (names.isEmpty()) {
            throw invalid(name, value(name, defaultValue), "a comma-separated list of names");
        }
        return names;
    }

    private List<Integer> positiveInts(String name, String defaultValue) {
        String raw = value(name, defaultValue);
        List<Integer> values = new ArrayList<>();
        for (String part : raw.split(",")) {
            values.add(parsePositive(name, raw, part.trim(), "a comma-separated list of positive integers, e.g. " + defaultValue));
        }
        return values;
    }

    private int positiveInt(String name, int defaultValue) {
        String raw = value(name, Integer.toString(defaultValue));
        return parsePositive(name, raw, raw, "a positive integer, e.g. " + defaultValue);
    }

    private static int parsePositive(String name, String raw, String part, String accepted) {
        try {
            int parsed = Integer.parseInt(part);
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below with the accepted form
        }
        throw invalid(name, raw, accepted);
    }

    private <E extends Enum<E>> E choice(String name, Class<E> type, E defaultValue) {
        String raw = value(name, defaultValue.name());
        try {
            return Enum.valueOf(type, raw.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw invalid(name, raw, "one of " + Arrays.toString(type.getEnumConstants()));
        }
    }

    private RunConfig.FixtureSource fixture() {
        String raw = value("FIXTURE_SIZE", FixtureSize.SMALL.name());
        for (FixtureSize size : FixtureSize.values()) {
            if (size.name().equalsIgnoreCase(raw)) {
                return new RunConfig.FixtureSource.Committed(size);
            }
        }
        Path file = Path.of(raw);
        if (!Files.isRegularFile(file)) {
            throw invalid("FIXTURE_SIZE", raw, "SMALL, MEDIUM, LARGE or the path of a fixture file (no such file)");
        }
        return new RunConfig.FixtureSource.File(file);
    }

    private Optional<Duration> optionalDuration(String name) {
        String raw = value(name, null);
        if (raw == null) {
            return Optional.empty();
        }
        String withUnit = raw.chars().allMatch(Character::isDigit) ? raw + "s" : raw;
        Matcher matcher = DURATION.matcher(withUnit.toLowerCase(Locale.ROOT));
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            throw invalid(name, raw, "a positive duration such as 90 (seconds), 500ms, 30s, 10m, 72h or 3d");
        }
        long amount = Long.parseLong(matcher.group(1));
        return Optional.of(switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            default -> Duration.ofDays(amount);
        });
    }

    private OptionalDouble optionalPercent(String name) {
        String raw = value(name, null);
        if (raw == null) {
            return OptionalDouble.empty();
        }
        Matcher matcher = PERCENT.matcher(raw);
        if (!matcher.matches()) {
            throw invalid(name, raw, "a percentage of zero or more, such as 10 or 12.5");
        }
        return OptionalDouble.of(Double.parseDouble(matcher.group(1)));
    }

    private static IllegalArgumentException invalid(String name, String value, String accepted) {
        return new IllegalArgumentException("Invalid " + name + "='" + value + "': expected " + accepted);
    }
}
