package dev.vaultload.settings;

import java.util.Collection;
import java.util.Objects;
import java.util.function.Function;

/**
 * Refuses a setting that is set but that nothing in the run reads (its {@link Scope} names neither the run's mode nor
 * any of its providers or engines): {@code MINIO_URL} on an EMBEDDED run would otherwise leave EMBEDDED's figures to
 * be published as MinIO's. Options, system properties and environment variables alike, except an {@link
 * Setting#ambient() ambient} setting that comes from the environment only.
 */
public final class UnusedSettings {

    private UnusedSettings() {
    }

    /**
     * @param settings  the run's lookup (options, then system properties, then the environment)
     * @param mode      the run's mode, e.g. {@code FIXTURE}
     * @param providers STORAGE_PROVIDERS of the run
     * @param engines   ENGINES of the run
     * @throws IllegalArgumentException naming the first setting set that the run does not read, and what reads it
     */
    public static void refuse(Function<String, String> settings, String mode, Collection<String> providers,
                              Collection<String> engines) {
        for (Setting<?> setting : SettingsRegistry.all()) {
            String value = settings.apply(setting.name());
            if (value != null && !setting.scope().covers(mode, providers, engines)
                    && !(setting.ambient() && fromEnvironmentOnly(setting.name(), value))) {
                throw new IllegalArgumentException("Invalid " + setting.name() + ": has no effect on this run (--mode "
                        + mode + ", STORAGE_PROVIDERS " + String.join(",", providers) + ", ENGINES "
                        + String.join(",", engines) + "); it is read with " + setting.scope().describe() + "; leave it out");
            }
        }
    }

    private static boolean fromEnvironmentOnly(String name, String value) {
        return System.getProperty(name) == null && Objects.equals(value, System.getenv(name));
    }
}
