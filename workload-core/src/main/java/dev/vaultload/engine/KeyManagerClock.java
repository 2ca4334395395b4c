package dev.vaultload.engine;

/**
 * The calls an engine makes to its key manager, counted and timed per thread, so that an operation's latency can be
 * split into store, key-manager and engine time. A key-manager binding records every call it makes on the calling
 * thread; the harness takes the tally before and after each operation. Every KMS client the engines use is
 * synchronous (the call returns on the thread that made it), which is what makes a per-thread tally exact.
 */
public final class KeyManagerClock {
    private static final ThreadLocal<long[]> TALLY = ThreadLocal.withInitial(() -> new long[2]);
    private static final int CALLS = 0;
    private static final int NANOS = 1;

    private KeyManagerClock() {
    }

    /** Counts one call of {@code nanos}, failed or not, on this thread. */
    public static void recordCall(long nanos) {
        long[] tally = TALLY.get();
        tally[CALLS]++;
        tally[NANOS] += nanos;
    }

    /** Forgets this thread's calls so far: what came before an operation is not its own. */
    public static void reset() {
        long[] tally = TALLY.get();
        tally[CALLS] = 0;
        tally[NANOS] = 0;
    }

    /** This thread's calls since the last {@link #takeCalls}, and starts counting again. */
    public static long takeCalls() {
        long[] tally = TALLY.get();
        long calls = tally[CALLS];
        tally[CALLS] = 0;
        return calls;
    }

    /** This thread's time in calls since the last {@link #takeNanos}, and starts timing again. */
    public static long takeNanos() {
        long[] tally = TALLY.get();
        long nanos = tally[NANOS];
        tally[NANOS] = 0;
        return nanos;
    }
}
