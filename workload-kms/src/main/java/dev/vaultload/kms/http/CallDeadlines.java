package dev.vaultload.kms.http;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * KMS_TIMEOUT for the blocking calls of many threads, at the cost of a few uncontended atomic writes per call: each
 * calling thread owns a slot where it marks a call in flight with its deadline, and one watcher thread looks at every
 * slot a few times per timeout and interrupts a thread whose call is past its deadline; the JDK HttpClient's blocking
 * {@code send} ends on an interrupt. Why not the client's own means: its request timeout registers a timer with its
 * selector for every request, and {@code sendAsync} hands every answer to another thread; either cost a pressure run
 * a large share of its calls per second (docs/measurements/2026-11-28-kms-overhead.md). A call ends at most a
 * quarter of the timeout late.
 * <p>
 * An interrupt must never outlive its call: the slot's state says whether the watcher took the call over, and
 * {@link #done()} waits until that interrupt is delivered and then clears it, so the thread leaves the call as it came.
 */
public final class CallDeadlines implements AutoCloseable {
    private static final int IDLE = 0;
    private static final int IN_CALL = 1;
    private static final int INTERRUPTING = 2;
    private static final int INTERRUPTED = 3;

    /** One thread's state; its deadline is read only while the state is IN_CALL. */
    private static final class Slot {
        final Thread owner = Thread.currentThread();
        final AtomicInteger state = new AtomicInteger(IDLE);
        volatile long deadlineNanos;
    }

    private final long timeoutNanos;
    private final List<Slot> slots = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Slot> mine = ThreadLocal.withInitial(this::newSlot);
    private final Thread watcher;
    private volatile boolean closed;

    public CallDeadlines(Duration timeout, String name) {
        this.timeoutNanos = timeout.toNanos();
        long checkEveryNanos = Math.max(TimeUnit.MILLISECONDS.toNanos(1), timeoutNanos / 4);
        watcher = Thread.ofPlatform().daemon().name(name).unstarted(() -> watch(checkEveryNanos));
        watcher.start();
    }

    /** This thread starts a call, which is interrupted when it outlives the timeout. */
    public void start() {
        Slot slot = mine.get();
        slot.deadlineNanos = System.nanoTime() + timeoutNanos;
        slot.state.set(IN_CALL);
    }

    /**
     * This thread's call has ended, in any way.
     *
     * @return whether the watcher interrupted it for its deadline (the interrupt is cleared)
     */
    public boolean done() {
        Slot slot = mine.get();
        if (slot.state.compareAndSet(IN_CALL, IDLE)) {
            return false;
        }
        while (slot.state.get() == INTERRUPTING) {
            Thread.onSpinWait(); // the watcher is between taking the call over and interrupting: a moment
        }
        Thread.interrupted();
        slot.state.set(IDLE);
        return true;
    }

    private Slot newSlot() {
        Slot slot = new Slot();
        slots.add(slot);
        return slot;
    }

    private void watch(long checkEveryNanos) {
        while (!closed) {
            LockSupport.parkNanos(checkEveryNanos);
            long nowNanos = System.nanoTime();
            for (Slot slot : slots) {
                if (slot.state.get() == IN_CALL && nowNanos - slot.deadlineNanos > 0
                        && slot.state.compareAndSet(IN_CALL, INTERRUPTING)) {
                    slot.owner.interrupt();
                    slot.state.set(INTERRUPTED);
                }
                if (!slot.owner.isAlive()) {
                    slots.remove(slot); // a pool's thread that ended: its slot would only grow the list
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(watcher);
    }
}
