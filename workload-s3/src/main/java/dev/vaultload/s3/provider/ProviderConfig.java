package dev.vaultload.s3.provider;

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
    Optional<String> optional(String name) {
        return Optional.ofNullable(source.apply(name)).map(String::trim).filter(value -> !value.isEmpty());
    }

    String required(String name, String accepted) {
        return optional(name).orElseThrow(() -> new IllegalArgumentException(name + " is required: " + accepted));
    }

    int intWithin(String name, int defaultValue, int min, int max) {
        return optional(name).map(value -> parseIntWithin(name, value, min, max)).orElse(defaultValue);
    }

    /** One of {@code accepted}, case-insensitive, returned as spelled in {@code accepted}. */
    String oneOf(String name, List<String> accepted, String defaultValue) {
        return optional(name).map(value -> accepted.stream().filter(value::equalsIgnoreCase).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException(name + " must be one of " + accepted + ", got '" + value + "'")))
                .orElse(defaultValue);
    }

    Optional<Path> readableFile(String name) {
        return optional(name).map(value -> {
            Path path = Path.of(value);
            if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
                throw new IllegalArgumentException(name + " must name a readable file, got '" + value + "'");
            }
            return path;
        });
    }

    /** A bucket name as S3 accepts it: 3-63 characters of lower-case letters, digits, '.' and '-'. */
    String bucket(String name, String defaultValue) {
        String bucket = optional(name).orElse(defaultValue);
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
