package dev.vaultload.s3.provider;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

import dev.vaultload.storage.StorageProviderFactory;

/** The S3 providers of this module, and the lookup by STORAGE_PROVIDERS name over any set of factories. */
public final class S3StorageProviders {

    private S3StorageProviders() {
    }

    /** EMBEDDED, MINIO, CEPH and AMAZON, in that order (the first needs no setup). */
    public static List<StorageProviderFactory> all() {
        return List.of(new EmbeddedProviderFactory(), new MinioProviderFactory(), new CephProviderFactory(),
                new AmazonProviderFactory());
    }

    /**
     * The factory called {@code name} (case-insensitive) among {@code factories}.
     *
     * @throws IllegalArgumentException naming STORAGE_PROVIDERS and every known name, if there is none
     */
    public static StorageProviderFactory byName(String name, Collection<? extends StorageProviderFactory> factories) {
        String wanted = name.trim().toUpperCase(Locale.ROOT);
        return factories.stream().filter(factory -> factory.name().equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("STORAGE_PROVIDERS: unknown storage provider '" + name
                        + "'; known: " + String.join(", ", factories.stream().map(StorageProviderFactory::name).toList())));
    }
}
