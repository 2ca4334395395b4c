package dev.vaultload.storage;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * Measures, per thread, how long callers wait on the store: the time inside every call, inside the reads of
 * the stream {@link #get} returns and inside the writes and commit of the stream {@link #openOutput} returns.
 * The time {@link #put} spends pulling its {@code content} stream (where the caller encrypts) is not the
 * store's and is left out. A lazily listed key stream is timed only for the call that opens it.
 *
 * <p>A run takes the current thread's total with {@link #takeThreadStorageNanos()} after each operation. The
 * accounting allocates nothing but one wrapper per stream opened; a stream charges the thread that opened it.
 */
public final class TimedBlobStore implements BlobStore {

    /**
     * Store time of one thread since it was last taken, and how many requests that could change the store it sent
     * (a put, a write's commit, a delete, a copy); only that thread reads and writes it.
     */
    private static final class ThreadClock {
        long storageNanos;
        int changes;
        final long[] requests = new long[StoreRequest.values().length];
        long sentBytes;
        long receivedBytes;

        void requested(StoreRequest kind) {
            requests[kind.ordinal()]++;
        }

        void resetTraffic() {
            Arrays.fill(requests, 0);
            sentBytes = 0;
            receivedBytes = 0;
        }
    }

    private final BlobStore delegate;
    private final BooleanSupplier stopped;
    private final ThreadLocal<ThreadClock> clocks = ThreadLocal.withInitial(ThreadClock::new);

    /** A store whose writes always run to their end. */
    public TimedBlobStore(BlobStore delegate) {
        this(delegate, () -> false);
    }

    /**
     * @param stopped true once the run is asked to stop (a signal): a write still in flight then discards its object
     *                and fails at its next chunk, so that an hours-long write of a large document does not hold the
     *                run past the signal's grace and lose every result (nothing half-written is committed: whole or
     *                not at all)
     */
    public TimedBlobStore(BlobStore delegate, BooleanSupplier stopped) {
        this.delegate = delegate;
        this.stopped = stopped;
    }

    /** Forgets what the current thread did so far: its next operation's figures start from zero. */
    public void resetThread() {
        ThreadClock clock = clocks.get();
        clock.storageNanos = 0;
        clock.changes = 0;
        clock.resetTraffic();
        ClientStoreTraffic.current().reset();
    }

    /**
     * The nanoseconds the current thread waited on the store since the previous call, through this store and through
     * an engine's own clients ({@link ClientStoreTraffic}).
     */
    public long takeThreadStorageNanos() {
        ThreadClock clock = clocks.get();
        long storageNanos = clock.storageNanos + ClientStoreTraffic.current().takeStorageNanos();
        clock.storageNanos = 0;
        return storageNanos;
    }

    /**
     * How many requests that could change the store (a put, a write's commit, a delete, a copy) the current thread
     * sent since the previous call: none means a failed operation left the store as it was.
     */
    public int takeThreadChanges() {
        ThreadClock clock = clocks.get();
        int changes = clock.changes + ClientStoreTraffic.current().takeChanges();
        clock.changes = 0;
        return changes;
    }

    /** What the current thread asked of the store since the previous call, here and through an engine's own clients. */
    public StoreTraffic takeThreadTraffic() {
        ThreadClock clock = clocks.get();
        StoreTraffic traffic = new StoreTraffic(clock.requests, clock.sentBytes, clock.receivedBytes)
                .plus(ClientStoreTraffic.current().takeTraffic());
        clock.resetTraffic();
        return traffic;
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        ThreadClock clock = clocks.get();
        clock.changes++;
        clock.requested(StoreRequest.PUT);
        long startNanos = System.nanoTime();
        try {
            delegate.put(key, new ClockedInputStream(new StoppableContent(content, key), clock, false), lengthBytes);
        } finally {
            clock.storageNanos += System.nanoTime() - startNanos;
        }
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        ThreadClock clock = clocks.get();
        clock.requested(StoreRequest.PUT);
        long startNanos = System.nanoTime();
        try {
            return new ClockedOutputStream(delegate.openOutput(key), clock, key);
        } finally {
            clock.storageNanos += System.nanoTime() - startNanos;
        }
    }

    @Override
    public InputStream get(String key) {
        ThreadClock clock = clocks.get();
        clock.requested(StoreRequest.GET);
        long startNanos = System.nanoTime();
        try {
            return new ClockedInputStream(delegate.get(key), clock, true);
        } finally {
            clock.storageNanos += System.nanoTime() - startNanos;
        }
    }

    /** Forwarded, so that a store sending only the range (S3) still does: its bytes received are the range's. */
    @Override
    public InputStream get(String key, long firstByte, long lastByte) {
        ThreadClock clock = clocks.get();
        clock.requested(StoreRequest.GET);
        long startNanos = System.nanoTime();
        try {
            return new ClockedInputStream(delegate.get(key, firstByte, lastByte), clock, true);
        } finally {
            clock.storageNanos += System.nanoTime() - startNanos;
        }
    }

    @Override
    public Stream<String> list(String prefix) {
        ThreadClock clock = clocks.get();
        clock.requested(StoreRequest.LIST);
        long startNanos = System.nanoTime();
        try {
            return delegate.list(prefix);
        } finally {
            clock.storageNanos += System.nanoTime() - startNanos;
        }
    }

    @Override
    public boolean exists(String key) {
        ThreadClock clock = clocks.get();
        clock.requested(StoreRequest.HEAD);
        long startNanos = System.nanoTime();
        try {
            return delegate.exists(key);
        } finally {
            clock.storageNanos += System.nanoTime() - startNanos;
        }
    }

    @Override
    public void delete(String key) {
        ThreadClock clock = clocks.get();
        clock.changes++;
        clock.requested(StoreRequest.DELETE);
        long startNanos = System.nanoTime();
        try {
            delegate.delete(key);
        } finally {
            clock.storageNanos += System.nanoTime() - startNanos;
        }
    }

    /** Forwarded, so that a store copying in place (S3's CopyObject) still does. */
    @Override
    public void copy(String sourceKey, String targetKey) {
        ThreadClock clock = clocks.get();
        clock.changes++;
        clock.requested(StoreRequest.COPY);
        long startNanos = System.nanoTime();
        try {
            delegate.copy(sourceKey, targetKey);
        } finally {
            clock.storageNanos += System.nanoTime() - startNanos;
        }
    }

    @Override
    public long deletePrefix(String prefix) {
        ThreadClock clock = clocks.get();
        clock.changes++;
        clock.requested(StoreRequest.DELETE);
        long startNanos = System.nanoTime();
        try {
            return delegate.deletePrefix(prefix);
        } finally {
            clock.storageNanos += System.nanoTime() - startNanos;
        }
    }

    @Override
    public String locate(String key) {
        return delegate.locate(key);
    }

    @Override
    public String describe() {
        return delegate.describe();
    }

    @Override
    public void close() {
        delegate.close();
    }

    /**
     * A stream whose reads are charged to the store ({@code storeSide}: the object being read) or taken off
     * it (the caller's content that {@link #put} pulls while the store call is already being timed).
     */
    private static final class ClockedInputStream extends InputStream implements InPlaceSource {
        private final InputStream in;
        private final ThreadClock clock;
        private final boolean storeSide;
        private final long sign;

        ClockedInputStream(InputStream in, ThreadClock clock, boolean storeSide) {
            this.in = in;
            this.clock = clock;
            this.storeSide = storeSide;
            this.sign = storeSide ? 1 : -1;
        }

        /** Bytes of the object read are received from the store; bytes of the caller's content are sent to it. */
        private void moved(long bytes) {
            if (bytes <= 0) {
                return;
            }
            if (storeSide) {
                clock.receivedBytes += bytes;
            } else {
                clock.sentBytes += bytes;
            }
        }

        @Override
        public int read() throws IOException {
            long startNanos = System.nanoTime();
            try {
                int read = in.read();
                moved(read < 0 ? 0 : 1);
                return read;
            } finally {
                clock.storageNanos += sign * (System.nanoTime() - startNanos);
            }
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            long startNanos = System.nanoTime();
            try {
                int read = in.read(bytes, offset, length);
                moved(read);
                return read;
            } finally {
                clock.storageNanos += sign * (System.nanoTime() - startNanos);
            }
        }

        @Override
        public Lent lend(int lengthBytes) throws IOException {
            if (!(in instanceof InPlaceSource inPlace)) {
                return null;
            }
            long startNanos = System.nanoTime();
            try {
                Lent lent = inPlace.lend(lengthBytes);
                moved(lent == null ? 0 : lent.length());
                return lent;
            } finally {
                clock.storageNanos += sign * (System.nanoTime() - startNanos);
            }
        }

        @Override
        public long skip(long count) throws IOException {
            long startNanos = System.nanoTime();
            try {
                long skipped = in.skip(count);
                moved(skipped); // a response's bytes skipped were still sent
                return skipped;
            } finally {
                clock.storageNanos += sign * (System.nanoTime() - startNanos);
            }
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public void close() throws IOException {
            long startNanos = System.nanoTime();
            try {
                in.close();
            } finally {
                clock.storageNanos += sign * (System.nanoTime() - startNanos);
            }
        }
    }

    private static InterruptedIOException stoppedWhileWriting(String key) {
        return new InterruptedIOException("the run was stopped while " + key + " was being written: its object is"
                + " discarded");
    }

    /** The content a {@link #put} pulls: it ends in an error once the run is stopped, which fails the put whole. */
    private final class StoppableContent extends FilterInputStream {
        private final String key;

        StoppableContent(InputStream in, String key) {
            super(in);
            this.key = key;
        }

        @Override
        public int read() throws IOException {
            if (stopped.getAsBoolean()) {
                throw stoppedWhileWriting(key);
            }
            return super.read();
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            if (stopped.getAsBoolean()) {
                throw stoppedWhileWriting(key);
            }
            return super.read(bytes, offset, length);
        }
    }

    /** The object being written: its writes and its commit (close) are store time; a stopped run discards it. */
    private final class ClockedOutputStream extends BlobOutputStream {
        private final BlobOutputStream out;
        private final ThreadClock clock;
        private final String key;
        private boolean aborted;

        ClockedOutputStream(BlobOutputStream out, ThreadClock clock, String key) {
            this.out = out;
            this.clock = clock;
            this.key = key;
        }

        /** Discards the object and fails the write once the run is stopped; close after abort commits nothing. */
        private void requireRunning() throws IOException {
            if (stopped.getAsBoolean()) {
                abort();
                throw stoppedWhileWriting(key);
            }
        }

        @Override
        public void write(int b) throws IOException {
            requireRunning();
            long startNanos = System.nanoTime();
            try {
                out.write(b);
                clock.sentBytes++;
            } finally {
                clock.storageNanos += System.nanoTime() - startNanos;
            }
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            requireRunning();
            long startNanos = System.nanoTime();
            try {
                out.write(bytes, offset, length);
                clock.sentBytes += length;
            } finally {
                clock.storageNanos += System.nanoTime() - startNanos;
            }
        }

        @Override
        public void flush() throws IOException {
            long startNanos = System.nanoTime();
            try {
                out.flush();
            } finally {
                clock.storageNanos += System.nanoTime() - startNanos;
            }
        }

        @Override
        public void abort() {
            aborted = true;
            long startNanos = System.nanoTime();
            try {
                out.abort();
            } finally {
                clock.storageNanos += System.nanoTime() - startNanos;
            }
        }

        @Override
        public void close() throws IOException {
            if (!aborted) {
                clock.changes++; // the commit: closing an aborted write stores nothing
            }
            long startNanos = System.nanoTime();
            try {
                out.close();
            } finally {
                clock.storageNanos += System.nanoTime() - startNanos;
            }
        }
    }
}
