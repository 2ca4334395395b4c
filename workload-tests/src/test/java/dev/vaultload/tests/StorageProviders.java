package dev.vaultload.tests;

import dev.vaultload.s3.S3StorageProviders;
import dev.vaultload.storage.FileSystemStorageProviderFactory;
import dev.vaultload.storage.MemoryStorageProviderFactory;
import dev.vaultload.storage.StorageProviderFactory;
import java.util.ArrayList;
import java.util.List;

/** Every storage provider the suites know, selectable by name in STORAGE_PROVIDERS. */
final class StorageProviders {
    /** What runs when STORAGE_PROVIDERS is not set: an S3 server inside the JVM, no setup needed. */
    static final String DEFAULT = S3StorageProviders.EMBEDDED;

    private StorageProviders() {
    }

    static List<StorageProviderFactory> all() {
        List<StorageProviderFactory> factories = new ArrayList<>();
        factories.add(new MemoryStorageProviderFactory());
        factories.add(new FileSystemStorageProviderFactory());
        factories.addAll(S3StorageProviders.all());
        return factories;
    }

    static StorageProviderFactory named(String name) {
        return all().stream().filter(factory -> factory.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Invalid STORAGE_PROVIDERS: unknown provider '" + name
                        + "'; known providers are " + all().stream().map(StorageProviderFactory::name).toList()));
    }
}
