package dev.vaultload.storage;

import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/** The storage provider bindings on the class path, by STORAGE_PROVIDERS name. */
public final class StorageProviders {
    /** What runs when STORAGE_PROVIDERS is not set: an S3 server inside the JVM (workload-s3), no setup needed. */
    public static final String DEFAULT = "EMBEDDED";

    private StorageProviders() {
    }

    /** Every binding found, in class-path order. */
    public static List<StorageProviderFactory> all() {
        return ServiceLoader.load(StorageProviderFactory.class).stream().map(ServiceLoader.Provider::get).toList();
    }

    /**
     * The factory called {@code name} (case-insensitive).
     *
     * @throws IllegalArgumentException naming STORAGE_PROVIDERS and every known name, if there is none
     */
    public static StorageProviderFactory named(String name) {
        List<StorageProviderFactory> factories = all();
        String wanted = name.trim().toUpperCase(Locale.ROOT);
        return factories.stream().filter(factory -> factory.name().equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("STORAGE_PROVIDERS: unknown storage provider '" + name
                        + "'; known: " + String.join(", ", factories.stream().map(StorageProviderFactory::name).toList())));
    }
}
