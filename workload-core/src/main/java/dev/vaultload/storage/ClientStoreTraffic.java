package dev.vaultload.storage;

import java.util.Arrays;

/**
 * What an engine asks of the store through S3 clients of its own (S3EC and the SSE engines), charged to the thread
 * whose operation made each request: the clients' interceptors record into the caller's {@link Tally}, and
 * {@link TimedBlobStore} adds it to what the thread asked through the harness's store, so that every engine's requests,
 * bytes and store time are counted at the store boundary. An asynchronous client completes a request on a thread of
 * its own: the request carries the tally of the thread that started it ({@link #current()}, taken on that thread),
 * which is why a tally is thread-safe.
 */
public final class ClientStoreTraffic {
    private static final ThreadLocal<Tally> TALLIES = ThreadLocal.withInitial(Tally::new);

    private ClientStoreTraffic() {
    }

    /** The current thread's tally, for a request to carry to whichever thread completes it. */
    public static Tally current() {
        return TALLIES.get();
    }

    /**
     * {@code task} charging what it asks of the store to the current thread's tally on whichever thread runs it: for a
     * client that starts requests on threads of its own (S3EC's multipart parts), whose threads have no operation.
     */
    public static Runnable chargedToCurrent(Runnable task) {
        Tally caller = current();
        return () -> {
            Tally own = TALLIES.get();
            TALLIES.set(caller);
            try {
                task.run();
            } finally {
                TALLIES.set(own);
            }
        };
    }

    /** One thread's requests through clients of their own since its tally was last taken. */
    public static final class Tally {
        private final long[] requests = new long[StoreRequest.values().length];
        private long sentBytes;
        private long receivedBytes;
        private long storageNanos;
        private int changes;

        /**
         * One request, answered or failed.
         *
         * @param sentBytes     the body it sent (its Content-Length), 0 without one
         * @param receivedBytes the body of its answer, 0 without one
         * @param nanos         from its start to its answer (a GET's headers: the caller reads the body after)
         */
        public synchronized void record(StoreRequest kind, long sentBytes, long receivedBytes, long nanos) {
            requests[kind.ordinal()]++;
            this.sentBytes += sentBytes;
            this.receivedBytes += receivedBytes;
            storageNanos += nanos;
            if (kind == StoreRequest.PUT || kind == StoreRequest.COPY || kind == StoreRequest.DELETE) {
                changes++;
            }
        }

        synchronized void reset() {
            Arrays.fill(requests, 0);
            sentBytes = 0;
            receivedBytes = 0;
            storageNanos = 0;
            changes = 0;
        }

        synchronized long takeStorageNanos() {
            long taken = storageNanos;
            storageNanos = 0;
            return taken;
        }

        synchronized int takeChanges() {
            int taken = changes;
            changes = 0;
            return taken;
        }

        /** The requests and bytes recorded since the last call, forgotten here. */
        synchronized StoreTraffic takeTraffic() {
            StoreTraffic taken = new StoreTraffic(requests, sentBytes, receivedBytes);
            Arrays.fill(requests, 0);
            sentBytes = 0;
            receivedBytes = 0;
            return taken;
        }
    }
}
