package dev.vaultload.suite;

import dev.vaultload.s3.provider.EmbeddedProviderFactory;
import dev.vaultload.s3.provider.S3StorageProviders;
import dev.vaultload.storage.FileSystemStorageProviderFactory;
import dev.vaultload.storage.MemoryStorageProviderFactory;
import dev.vaultload.storage.StorageProviderFactory;
import java.util.ArrayList;
import java.util.List;

/** Every storage provider the suites know, selectable by name in STORAGE_PROVIDERS. */
public final class StorageProviders {
    /** What runs when STORAGE_PROVIDERS is not set: an S3 server inside the JVM, no setup needed. */
    public static final String DEFAULT = EmbeddedProviderFactory.NAME;

    private StorageProviders() {
    }

    /** The factory of a STORAGE_PROVIDERS name; an unknown name fails with the list of known ones. */
    public static StorageProviderFactory named(String name) {
        List<StorageProviderFactory> factories = new ArrayList<>(S3StorageProviders.all());
        factories.add(new FileSystemStorageProviderFactory());
        factories.add(new MemoryStorageProviderFactory());
        return S3StorageProviders.byName(name, factories);
    }
}
