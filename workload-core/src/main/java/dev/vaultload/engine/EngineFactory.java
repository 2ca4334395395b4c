package dev.vaultload.engine;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.storage.BlobStore;
import java.util.Set;

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

    /**
     * The key lifecycle operations (ROTATE_KEY, REENCRYPT) this engine's {@link Engine#rotateKey} and
     * {@link Engine#reencrypt} carry out with these options; none by default. A run whose fixture holds another is
     * refused before it starts, naming the engine and the operation.
     */
    default Set<OperationType> keyLifecycleOperations(EngineOptions options) {
        return Set.of();
    }

    /**
     * What the engine holds of a document in the heap per operation, and the largest it reads; by default it streams.
     * Checked before the run starts against the run's largest document and threads.
     */
    default DocumentBuffering buffering(EngineOptions options) {
        return DocumentBuffering.STREAMING;
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
