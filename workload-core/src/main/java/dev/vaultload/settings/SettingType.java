package dev.vaultload.settings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a setting's text means: the words that say what it accepts (for help, the README and errors) and the parse
 * that turns accepted text into a value.
 *
 * @param accepted e.g. {@code a positive integer}
 * @param parse    throws {@link IllegalArgumentException} for text it does not accept
 * @param choices  the whole accepted set where it is finite (to suggest the one meant by a typo); else empty
 * @param <T>      the value's type
 */
public record SettingType<T>(String accepted, Function<String, T> parse, List<String> choices) {
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h|d)?");
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)%?");

    public SettingType {
        choices = List.copyOf(choices);
    }

    /** A type whose accepted texts are not a finite set. */
    public SettingType(String accepted, Function<String, T> parse) {
        this(accepted, parse, List.of());
    }

    /** Any text: {@code describes} says what it should be, e.g. {@code an AWS region}. */
    public static SettingType<String> text(String describes) {
        return new SettingType<>(describes, Function.identity());
    }

    /** A file or directory; whether it exists is for the reader to check. */
    public static SettingType<Path> path(String describes) {
        return new SettingType<>(describes, Path::of);
    }

    /** A file that exists and can be read now, so that a run does not fail on it once it has started. */
    public static SettingType<Path> readableFile(String describes) {
        return new SettingType<>(describes, text -> {
            Path path = Path.of(text);
            if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
                throw new IllegalArgumentException(text);
            }
            return path;
        });
    }

    /** A directory, or a path where one can be made: a file there would only fail once a run is over. */
    public static SettingType<Path> directory() {
        return new SettingType<>("a directory, or a path where one can be made", text -> {
            Path path = Path.of(text);
            if (Files.exists(path) && !Files.isDirectory(path)) {
                throw new IllegalArgumentException(text);
            }
            return path;
        });
    }

    /** {@code true} or {@code false}, in any case. */
    public static SettingType<Boolean> flag() {
        return new SettingType<>("true or false", text -> switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(text);
        });
    }

    public static SettingType<Integer> positiveInt() {
        return new SettingType<>("a positive integer", SettingType::positive);
    }

    public static SettingType<List<Integer>> positiveInts() {
        return positiveInts("positive integers, e.g. 2,4,8");
    }

    /** @param what what the integers are, with an example, e.g. {@code sizes in KiB, e.g. 100,1024} */
    public static SettingType<List<Integer>> positiveInts(String what) {
        return new SettingType<>("a comma-separated list of " + what,
                text -> Arrays.stream(text.split(",")).map(part -> positive(part.trim())).toList());
    }

    public static SettingType<Integer> integerWithin(int min, int max) {
        return new SettingType<>("an integer within [" + min + ", " + max + "]", text -> {
            int value = Integer.parseInt(text);
            if (value < min || value > max) {
                throw new IllegalArgumentException(text);
            }
            return value;
        });
    }

    /** Names such as {@code minio, ceph}: upper case, blanks dropped, at least one. */
    public static SettingType<List<String>> names() {
        return new SettingType<>("a comma-separated list of names", text -> {
            List<String> names = Arrays.stream(text.split(",")).map(String::trim).filter(name -> !name.isEmpty())
                    .map(name -> name.toUpperCase(Locale.ROOT)).toList();
            if (names.isEmpty()) {
                throw new IllegalArgumentException(text);
            }
            return names;
        });
    }

    /** A constant of {@code type}, in any case. */
    public static <E extends Enum<E>> SettingType<E> choice(Class<E> type) {
        return new SettingType<>("one of " + Arrays.toString(type.getEnumConstants()),
                text -> Enum.valueOf(type, text.toUpperCase(Locale.ROOT)),
                Arrays.stream(type.getEnumConstants()).map(Enum::name).toList());
    }

    /** One of {@code accepted} in any case, returned as spelled there. */
    public static SettingType<String> oneOf(List<String> accepted) {
        return new SettingType<>("one of " + accepted, text -> accepted.stream().filter(text::equalsIgnoreCase)
                .findFirst().orElseThrow(() -> new IllegalArgumentException(text)), accepted);
    }

    /** A positive duration: seconds without a unit, else ms, s, m, h or d. */
    public static SettingType<Duration> duration() {
        return duration("a positive duration such as 90 (seconds), 500ms, 30s, 10m, 72h or 3d", false);
    }

    /** A duration that may be 0 (for "none"): seconds without a unit, else ms, s, m, h or d. */
    public static SettingType<Duration> durationOrZero() {
        return duration("a duration such as 0, 90 (seconds), 500ms, 30s or 10m", true);
    }

    private static SettingType<Duration> duration(String accepted, boolean zeroAllowed) {
        return new SettingType<>(accepted, text -> {
            Matcher matcher = DURATION.matcher(text.toLowerCase(Locale.ROOT));
            if (!matcher.matches() || !zeroAllowed && Long.parseLong(matcher.group(1)) == 0) {
                throw new IllegalArgumentException(text);
            }
            long amount = Long.parseLong(matcher.group(1));
            return switch (matcher.group(2) == null ? "s" : matcher.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            };
        });
    }

    /** A finite number above {@code exclusiveMin}, e.g. a rate or a factor. */
    public static SettingType<Double> numberAbove(double exclusiveMin, String example) {
        return new SettingType<>("a number above " + plain(exclusiveMin) + ", e.g. " + example, text -> {
            double value = Double.parseDouble(text);
            if (!(value > exclusiveMin) || Double.isInfinite(value)) {
                throw new IllegalArgumentException(text);
            }
            return value;
        });
    }

    /** A fraction from 0 to 1. */
    public static SettingType<Double> fraction() {
        return new SettingType<>("a fraction from 0 to 1, e.g. 0.01", text -> {
            double value = Double.parseDouble(text);
            if (!(value >= 0 && value <= 1)) {
                throw new IllegalArgumentException(text);
            }
            return value;
        });
    }

    private static String plain(double number) {
        return number == Math.rint(number) ? Long.toString((long) number) : Double.toString(number);
    }

    /** A percentage of zero or more, with or without {@code %}. */
    public static SettingType<Double> percent() {
        return new SettingType<>("a percentage of zero or more, such as 10 or 12.5", text -> {
            Matcher matcher = PERCENT.matcher(text);
            if (!matcher.matches()) {
                throw new IllegalArgumentException(text);
            }
            return Double.parseDouble(matcher.group(1));
        });
    }

    private static int positive(String text) {
        int value = Integer.parseInt(text);
        if (value <= 0) {
            throw new IllegalArgumentException(text);
        }
        return value;
    }
}
