package dev.vaultload.engine;

import dev.vaultload.storage.BlobStore;

/**
 * An engine binding, found by {@link Engines} through {@link java.util.ServiceLoader}: a module with one
 * factory and a {@code META-INF/services/dev.vaultload.engine.EngineFactory} file naming it.
 */
public interface EngineFactory {

    /** The name users select it by in ENGINES, e.g. {@code VAULTLOAD}. */
    String name();

    /**
     * Fails with an {@link IllegalArgumentException} naming the setting and what this engine accepts when it
     * cannot honour the options; called before the run starts.
     */
    default void check(EngineOptions options) {
    }

    /** The engine over a store (the store is already wrapped by the harness's timing decorator). */
    Engine open(BlobStore store, EngineOptions options);

    /**
     * The engine's simple adapter (as Datasafe's SimpleDatasafeService): private space only, document calls.
     * Engines without one throw {@link UnsupportedOperationException}.
     */
    default Engine openSimple(BlobStore store, EngineOptions options) {
        throw new UnsupportedOperationException("engine " + name() + " has no simple adapter");
    }
}
