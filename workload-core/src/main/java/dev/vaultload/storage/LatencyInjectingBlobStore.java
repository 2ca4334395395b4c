package dev.vaultload.storage;

import java.io.IOException;
import java.io.InputStream;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * A store that waits a known {@link InjectedLatency} in every call before handing it to its delegate (for
 * {@link #openOutput} at commit, where a real store uploads), so that tests can check what the harness
 * reports against what was injected.
 *
 * <p>Draws are stratified, not random: per kind of call, the n-th call takes the distribution at
 * {@code u = (s + 0.5) / STRATA} with {@code s = n * STRIDE mod STRATA}, so every {@link #STRATA} consecutive
 * calls of a kind cover the distribution's strata exactly once, in a scattered order. Random draws would need
 * about 400,000 calls before the sample p99 of a lognormal with sigma 0.25 settles within 1% of the true one;
 * with strata, 1000 calls put the p99 within 0.5% (the stratum width at p99).
 *
 * <p>Waiting is {@link LockSupport#parkNanos} until the deadline; the park overshoots by the OS's timer slack
 * and scheduling delay (typically 50-100 µs on Linux, more on a loaded machine). It never wakes early: a
 * premature wake-up parks again. The wall time of every wait, overshoot included, is summed per kind of call
 * ({@link #waitedMicros}).
 */
public final class LatencyInjectingBlobStore implements BlobStore {
    /** Strata per cycle of draws. */
    public static final int STRATA = 1000;
    /** Coprime with {@link #STRATA}: scatters consecutive calls over the strata. */
    private static final long STRIDE = 7919;

    /** The kinds of store call, each with its own sequence of draws and its own sum of waits. */
    public enum Call { PUT, OPEN_OUTPUT, GET, LIST, EXISTS, DELETE, DELETE_PREFIX }

    private final BlobStore delegate;
    private final InjectedLatency latency;
    private final Map<Call, AtomicLong> callCounts = new EnumMap<>(Call.class);
    private final Map<Call, LongAdder> waitedNanos = new EnumMap<>(Call.class);

    public LatencyInjectingBlobStore(BlobStore delegate, InjectedLatency latency) {
        this.delegate = delegate;
        this.latency = latency;
        for (Call call : Call.values()) {
            callCounts.put(call, new AtomicLong());
            waitedNanos.put(call, new LongAdder());
        }
    }

    /** How many calls of one kind waited so far. */
    public long calls(Call call) {
        return callCounts.get(call).get();
    }

    /**
     * The wall time the waits of one kind of call took so far, as this store measured them (injected delay plus
     * overshoot), in microseconds: a floor for what a harness timing those calls must report.
     */
    public long waitedMicros(Call call) {
        return TimeUnit.NANOSECONDS.toMicros(waitedNanos.get(call).sum());
    }

    private void delay(Call call) {
        long startNanos = System.nanoTime();
        long stratum = callCounts.get(call).getAndIncrement() * STRIDE % STRATA;
        long delayNanos = latency.nanosAt((stratum + 0.5) / STRATA);
        long deadlineNanos = startNanos + delayNanos;
        long remainingNanos = delayNanos;
        while (remainingNanos > 0) {
            LockSupport.parkNanos(remainingNanos);
            remainingNanos = deadlineNanos - System.nanoTime();
        }
        waitedNanos.get(call).add(System.nanoTime() - startNanos);
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        delay(Call.PUT);
        delegate.put(key, content, lengthBytes);
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        return new ForwardingBlobOutputStream(delegate.openOutput(key)) {
            private boolean aborted;

            @Override
            public void abort() {
                aborted = true;
                super.abort();
            }

            @Override
            public void close() throws IOException {
                if (!aborted) {
                    delay(Call.OPEN_OUTPUT);
                }
                super.close();
            }
        };
    }

    @Override
    public InputStream get(String key) {
        delay(Call.GET);
        return delegate.get(key);
    }

    @Override
    public InputStream get(String key, long firstByte, long lastByte) {
        delay(Call.GET);
        return delegate.get(key, firstByte, lastByte);
    }

    @Override
    public Stream<String> list(String prefix) {
        delay(Call.LIST);
        return delegate.list(prefix);
    }

    @Override
    public boolean exists(String key) {
        delay(Call.EXISTS);
        return delegate.exists(key);
    }

    @Override
    public void delete(String key) {
        delay(Call.DELETE);
        delegate.delete(key);
    }

    @Override
    public long deletePrefix(String prefix) {
        delay(Call.DELETE_PREFIX);
        return delegate.deletePrefix(prefix);
    }

    @Override
    public String locate(String key) {
        return delegate.locate(key);
    }

    @Override
    public String describe() {
        return delegate.describe() + " with injected latency " + latency;
    }

    @Override
    public void close() {
        delegate.close();
    }
}
