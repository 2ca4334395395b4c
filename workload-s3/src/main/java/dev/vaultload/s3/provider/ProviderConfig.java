package dev.vaultload.s3.provider;

import dev.vaultload.settings.Setting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads declared settings for the S3 providers. Every bad value is an {@link IllegalArgumentException} that names the
 * setting and what it accepts, in the providers' form: {@code S3_MAX_ATTEMPTS must be an integer within [1, 20], got
 * '50'}.
 */
final class ProviderConfig {

    private final Function<String, String> source;

    ProviderConfig(Function<String, String> source) {
        this.source = source;
    }

    /** The value, absent if unset or blank. */
    <T> Optional<T> optional(Setting<T> setting) {
        return setting.in(source).map(text -> parse(setting, text));
    }

    /** The value, else the setting's default. */
    <T> T valueOrDefault(Setting<T> setting) {
        return parse(setting, setting.in(source).orElse(setting.defaultValue()));
    }

    /** The value, else {@code whenUnset} (for settings whose default is computed). */
    <T> T valueOr(Setting<T> setting, T whenUnset) {
        return optional(setting).orElse(whenUnset);
    }

    /** @param accepted what the setting must name, for the message when it is unset */
    <T> T required(Setting<T> setting, String accepted) {
        return optional(setting).orElseThrow(() -> new IllegalArgumentException(setting.name() + " is required: " + accepted));
    }

    Optional<Path> readableFile(Setting<Path> setting) {
        return optional(setting).map(path -> {
            if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
                throw new IllegalArgumentException(setting.name() + " must name a readable file, got '" + path + "'");
            }
            return path;
        });
    }

    private static <T> T parse(Setting<T> setting, String text) {
        try {
            return setting.type().parse().apply(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(setting.name() + " must be " + setting.type().accepted()
                    + (setting.secret() ? "" : ", got '" + text + "'"), e);
        }
    }
}
