package dev.vaultload.faults;

/**
 * A fault switched on and off during a run: a degraded network, an answering but failing store, a killed server.
 * {@link #inject()} and {@link #heal()} are idempotent; after {@link #heal()} the store answers normally again.
 */
public interface Fault extends AutoCloseable {

    /** What the fault does, for reports, e.g. "latency 200 ms ± 100 ms". */
    String name();

    void inject();

    void heal();

    /** Heals: a fault never outlives the run or test that injected it. */
    @Override
    void close();
}
