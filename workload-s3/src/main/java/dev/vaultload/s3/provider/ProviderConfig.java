package dev.vaultload.s3.provider;

import dev.vaultload.settings.Setting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Typed, validated reads of configuration properties. Every bad value is an {@link IllegalArgumentException} that names
 * the property and what it accepts.
 */
final class ProviderConfig {

    private final Function<String, String> source;

    ProviderConfig(Function<String, String> source) {
        this.source = source;
    }

    /** The trimmed value, absent if unset or blank. */
    Optional<String> optional(Setting setting) {
        return setting.in(source);
    }

    /** The trimmed value, else the setting's default. */
    String valueOrDefault(Setting setting) {
        return setting.valueOrDefault(source);
    }

    String required(Setting setting, String accepted) {
        return optional(setting).orElseThrow(() -> new IllegalArgumentException(setting.name() + " is required: " + accepted));
    }

    /** An integer within [min, max], else the setting's default. */
    int intWithin(Setting setting, int min, int max) {
        return intWithin(setting, Integer.parseInt(setting.defaultValue()), min, max);
    }

    /** An integer within [min, max], else {@code defaultValue} (for settings whose default is computed). */
    int intWithin(Setting setting, int defaultValue, int min, int max) {
        return optional(setting).map(value -> parseIntWithin(setting.name(), value, min, max)).orElse(defaultValue);
    }

    /** One of {@code accepted}, case-insensitive, returned as spelled in {@code accepted}; else the default. */
    String oneOf(Setting setting, List<String> accepted) {
        return optional(setting).map(value -> accepted.stream().filter(value::equalsIgnoreCase).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException(setting.name() + " must be one of " + accepted
                                + ", got '" + value + "'")))
                .orElse(setting.defaultValue());
    }

    Optional<Path> readableFile(Setting setting) {
        return optional(setting).map(value -> {
            Path path = Path.of(value);
            if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
                throw new IllegalArgumentException(setting.name() + " must name a readable file, got '" + value + "'");
            }
            return path;
        });
    }

    /**
     * A bucket name as S3 accepts it: 3-63 characters of lower-case letters, digits, '.' and '-'.
     *
     * @param defaultValue the bucket when unset, or null to require one
     */
    String bucket(Setting setting, String defaultValue) {
        String name = setting.name();
        String bucket = optional(setting).orElse(defaultValue);
        if (bucket == null) {
            throw new IllegalArgumentException(name + " is required: the name of an existing bucket");
        }
        if (!bucket.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")) {
            throw new IllegalArgumentException(name + " must be 3-63 characters of a-z, 0-9, '.' and '-', starting and"
                    + " ending with a letter or digit, got '" + bucket + "'");
        }
        return bucket;
    }

    private static int parseIntWithin(String name, String value, int min, int max) {
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below with the accepted range
        }
        throw new IllegalArgumentException(name + " must be an integer within [" + min + ", " + max + "], got '" + value + "'");
    }
}
