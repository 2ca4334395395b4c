package dev.vaultload.storage;

import java.util.function.Function;

/** Starts a {@link StorageProvider} by name, from configuration looked up by property name (null when unset). */
public interface StorageProviderFactory {

    /** The name users select it by in STORAGE_PROVIDERS. */
    String name();

    /**
     * Starts the provider. Fails with {@link IllegalArgumentException} naming the property at fault for bad
     * configuration, and with {@link BlobStoreException} naming the endpoint when the store does not answer.
     */
    StorageProvider start(Function<String, String> config);

    /**
     * What the provider would keep of a run with this load in the heap and on a local disk; nothing unless it says
     * (a remote server's memory and disk are its own). Checked before anything starts.
     */
    default StorageFootprint footprint(StorageFootprint.Load load, Function<String, String> config) {
        return StorageFootprint.NONE;
    }
}
