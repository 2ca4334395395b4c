package dev.vaultload.s3.provider;

import dev.vaultload.settings.Setting;
import java.util.Optional;
import java.util.function.Function;

/**
 * The S3 providers' view of their settings. Every read goes through the {@link Setting} itself, so a bad or missing
 * value is refused in the registry's one format, naming the setting: {@code Invalid S3_MAX_ATTEMPTS='50': expected
 * an integer within [1, 20]}.
 */
final class ProviderConfig {

    private final Function<String, String> source;

    ProviderConfig(Function<String, String> source) {
        this.source = source;
    }

    /** The value, absent if unset. */
    <T> Optional<T> optional(Setting<T> setting) {
        return setting.find(source);
    }

    /** The value, else the setting's default. */
    <T> T valueOrDefault(Setting<T> setting) {
        return setting.read(source);
    }

    /** The value, else {@code whenUnset} (for settings whose default is computed). */
    <T> T valueOr(Setting<T> setting, T whenUnset) {
        return optional(setting).orElse(whenUnset);
    }

    /** @param accepted what the setting must name, for the message when it is unset */
    <T> T required(Setting<T> setting, String accepted) {
        return setting.require(source, accepted);
    }
}
