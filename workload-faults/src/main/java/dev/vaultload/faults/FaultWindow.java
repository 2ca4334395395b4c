package dev.vaultload.faults;

import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobStore;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Counts the calls of a run (the store calls through it, or, for an engine with S3 clients of its own, the operations
 * a {@link CountedEngine} reports through {@link #call()}) and injects a fault at one count, healing it at a later
 * count or once it has lasted its longest duration, whichever comes first: the same point of the replay every run,
 * and healed before the final validation even when the fault stalls every call (a black hole).
 */
final class FaultWindow extends ForwardingBlobStore {
    private final Fault fault;
    private final int injectAtCall;
    private final int healAtCall;
    private final Duration longest;
    private final AtomicInteger calls = new AtomicInteger();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "fault-window");
        thread.setDaemon(true);
        return thread;
    });
    private volatile long injectedNanos;
    private volatile long healedNanos;
    private volatile Instant healedAt;

    FaultWindow(BlobStore delegate, Fault fault, int injectAtCall, int healAtCall, Duration longest) {
        super(delegate);
        this.fault = fault;
        this.injectAtCall = injectAtCall;
        this.healAtCall = healAtCall;
        this.longest = longest;
    }

    /** One call made; the fault switches at its counts. */
    void call() {
        int call = calls.incrementAndGet();
        if (call == injectAtCall) {
            fault.inject();
            injectedNanos = System.nanoTime();
            timer.schedule(this::heal, longest.toMillis(), TimeUnit.MILLISECONDS);
        } else if (call == healAtCall) {
            heal();
        }
    }

    synchronized void heal() {
        if (injectedNanos != 0 && healedNanos == 0) {
            fault.heal();
            healedNanos = System.nanoTime();
            healedAt = Instant.now();
        }
    }

    /** How long the fault was on; zero if the run never reached the injection. */
    Duration faultDuration() {
        return injectedNanos == 0 ? Duration.ZERO : Duration.ofNanos(healedNanos - injectedNanos);
    }

    /** When the fault was healed; empty if it never was on. */
    Optional<Instant> healedAt() {
        return Optional.ofNullable(healedAt);
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        call();
        super.put(key, content, lengthBytes);
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        call();
        return super.openOutput(key);
    }

    @Override
    public void copy(String sourceKey, String targetKey) {
        call();
        super.copy(sourceKey, targetKey);
    }

    @Override
    public InputStream get(String key) {
        call();
        return super.get(key);
    }

    @Override
    public Stream<String> list(String prefix) {
        call();
        return super.list(prefix);
    }

    @Override
    public boolean exists(String key) {
        call();
        return super.exists(key);
    }

    @Override
    public void delete(String key) {
        call();
        super.delete(key);
    }

    @Override
    public long deletePrefix(String prefix) {
        call();
        return super.deletePrefix(prefix);
    }

    @Override
    public void close() {
        heal();
        timer.shutdownNow();
        super.close();
    }
}
