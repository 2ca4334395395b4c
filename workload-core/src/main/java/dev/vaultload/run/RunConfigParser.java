package dev.vaultload.run;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.settings.Setting;
import dev.vaultload.stats.ErrorMode;
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

    /** @param settings lookup by setting name, null when unset */
    public RunConfigParser(Function<String, String> settings) {
        this.settings = settings;
    }

    public RunConfig parse() {
        return new RunConfig(
                names(RunSettings.STORAGE_PROVIDERS),
                names(RunSettings.ENGINES),
                positiveInts(RunSettings.THREADS),
                positiveInts(RunSettings.FILE_SIZES),
                fixture(),
                choice(RunSettings.CIPHER, CipherSuite.class),
                positiveInt(RunSettings.KDF_ITERATIONS),
                optionalDuration(RunSettings.DURATION),
                choice(RunSettings.ERROR_MODE, ErrorMode.class),
                optionalDuration(RunSettings.PERIOD).orElseThrow(),
                optionalPercent(RunSettings.MAX_RSS_GROWTH_PERCENT),
                positiveInt(RunSettings.BUCKETS),
                reportDirectory());
    }

    /** A directory, or a path where one can be made: a file there would only fail once the run is over. */
    private Path reportDirectory() {
        String raw = value(RunSettings.REPORT_DIR);
        Path directory = Path.of(raw);
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw RunSettings.REPORT_DIR.invalid(raw, "a directory, or a path where one can be made (this is a file)");
        }
        return directory;
    }

    private String value(Setting setting) {
        return setting.valueOrDefault(settings);
    }

    private List<String> names(Setting setting) {
        String raw = value(setting);
        List<String> names = Arrays.stream(raw.split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).map(s -> s.toUpperCase(Locale.ROOT)).toList();
        if (names.isEmpty()) {
            throw setting.invalid(raw, "a comma-separated list of names");
        }
        return names;
    }

    private List<Integer> positiveInts(Setting setting) {
        String raw = value(setting);
        List<Integer> values = new ArrayList<>();
        for (String part : raw.split(",")) {
            values.add(parsePositive(setting, raw, part.trim(),
                    "a comma-separated list of positive integers, e.g. " + setting.defaultValue()));
        }
        return values;
    }

    private int positiveInt(Setting setting) {
        String raw = value(setting);
        return parsePositive(setting, raw, raw, "a positive integer, e.g. " + setting.defaultValue());
    }

    private static int parsePositive(Setting setting, String raw, String part, String accepted) {
        try {
            int parsed = Integer.parseInt(part);
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below with the accepted form
        }
        throw setting.invalid(raw, accepted);
    }

    private <E extends Enum<E>> E choice(Setting setting, Class<E> type) {
        String raw = value(setting);
        try {
            return Enum.valueOf(type, raw.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw setting.invalid(raw, "one of " + Arrays.toString(type.getEnumConstants()));
        }
    }

    private RunConfig.FixtureSource fixture() {
        String raw = value(RunSettings.FIXTURE_SIZE);
        for (FixtureSize size : FixtureSize.values()) {
            if (size.name().equalsIgnoreCase(raw)) {
                return new RunConfig.FixtureSource.Committed(size);
            }
        }
        Path file = Path.of(raw);
        if (!Files.isRegularFile(file)) {
            throw RunSettings.FIXTURE_SIZE.invalid(raw, "SMALL, MEDIUM, LARGE or the path of a fixture file (no such file)");
        }
        return new RunConfig.FixtureSource.File(file);
    }

    private Optional<Duration> optionalDuration(Setting setting) {
        String raw = value(setting);
        if (raw == null) {
            return Optional.empty();
        }
        String withUnit = raw.chars().allMatch(Character::isDigit) ? raw + "s" : raw;
        Matcher matcher = DURATION.matcher(withUnit.toLowerCase(Locale.ROOT));
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            throw setting.invalid(raw, "a positive duration such as 90 (seconds), 500ms, 30s, 10m, 72h or 3d");
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

    private OptionalDouble optionalPercent(Setting setting) {
        String raw = value(setting);
        if (raw == null) {
            return OptionalDouble.empty();
        }
        Matcher matcher = PERCENT.matcher(raw);
        if (!matcher.matches()) {
            throw setting.invalid(raw, "a percentage of zero or more, such as 10 or 12.5");
        }
        return OptionalDouble.of(Double.parseDouble(matcher.group(1)));
    }
}
