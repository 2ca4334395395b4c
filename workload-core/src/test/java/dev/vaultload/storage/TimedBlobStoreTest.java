package dev.vaultload.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.util.concurrent.atomic.AtomicBoolean;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class TimedBlobStoreTest {
    private static final long DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** The writer's own work between the store's calls: what the store's clock must leave out. */
    private static final long WORK_NANOS = 3 * DELAY_NANOS;

    private final LatencyInjectingBlobStore injecting = new LatencyInjectingBlobStore(new InMemoryBlobStore("test"),
            new InjectedLatency.Fixed(Duration.ofNanos(DELAY_NANOS)));
    private final TimedBlobStore store = new TimedBlobStore(injecting);

    /**
     * A signal during one long write: the write fails at its next chunk and its object is discarded, so the run can end
     * and write its results within the signal's grace instead of being halted with nothing written.
     */
    @Test
    void aWriteInFlightWhenTheRunStopsFailsAndCommitsNothing() throws IOException {
        AtomicBoolean stopped = new AtomicBoolean();
        InMemoryBlobStore memory = new InMemoryBlobStore();
        TimedBlobStore stoppable = new TimedBlobStore(memory, stopped::get);

        BlobOutputStream out = stoppable.openOutput("big/doc");
        out.write(new byte[1024]);
        stopped.set(true);
        IOException failed = assertThrows(IOException.class, () -> out.write(new byte[1024]));
        out.close();
        assertTrue(failed.getMessage().contains("big/doc"), failed.getMessage());
        assertFalse(memory.exists("big/doc"), "nothing half-written is committed");

        assertThrows(RuntimeException.class, () -> stoppable.put("big/put", new ByteArrayInputStream(new byte[4096]), 4096));
        assertFalse(memory.exists("big/put"));
    }

    @Test
    void copyIsLeftToTheStoreSoThatInPlaceCopiesStayInPlace() {
        java.util.List<String> copies = new java.util.ArrayList<>();
        BlobStore copiesInPlace = new ForwardingBlobStore(new InMemoryBlobStore()) {
            @Override
            public void copy(String sourceKey, String targetKey) {
                copies.add(sourceKey + " -> " + targetKey);
                super.copy(sourceKey, targetKey);
            }
        };
        copiesInPlace.put("a/doc", new ByteArrayInputStream(new byte[] {1}), 1);

        new TimedBlobStore(copiesInPlace).copy("a/doc", "b/doc");

        assertEquals(java.util.List.of("a/doc -> b/doc"), copies);
        assertTrue(copiesInPlace.exists("b/doc"));
    }

    @Test
    void putChargesTheStoreButNotTheTimeSpentProducingTheContent() {
        store.takeThreadStorageNanos();
        store.put("a", new SlowStream(new byte[] {1, 2, 3}, WORK_NANOS), 3);

        long storageNanos = store.takeThreadStorageNanos();

        assertChargedTheStoreOnly(storageNanos, LatencyInjectingBlobStore.Call.PUT, "the injected 10 ms, not the content's 30 ms");
        assertEquals(0, store.takeThreadStorageNanos(), "taking resets");
    }

    /** Bytes lent in place by the store are received from it as read bytes are: a MEMORY read counts the same either way. */
    @Test
    void bytesLentInPlaceAreCountedAsReceived() throws IOException {
        TimedBlobStore timed = new TimedBlobStore(new InMemoryBlobStore());
        try (BlobOutputStream out = timed.openOutput("doc")) {
            out.write(new byte[40_000]);
        }
        timed.takeThreadTraffic();

        try (InputStream in = timed.get("doc")) {
            InPlaceSource.Lent lent = ((InPlaceSource) in).lend(30_000);
            assertEquals(30_000, lent.length());
            assertEquals(10_000, in.readAllBytes().length);
        }

        assertEquals(40_000, timed.takeThreadTraffic().receivedBytes());
    }

    @Test
    void getChargesTheCallAndTheReadsOfItsStream() throws IOException {
        store.put("a", new ByteArrayInputStream(new byte[] {1, 2, 3}), 3);
        store.takeThreadStorageNanos();

        try (InputStream in = store.get("a")) {
            assertArrayEquals(new byte[] {1, 2, 3}, in.readAllBytes());
        }

        long storageNanos = store.takeThreadStorageNanos();
        assertChargedTheStoreOnly(storageNanos, LatencyInjectingBlobStore.Call.GET, "get");
    }

    @Test
    void openOutputChargesItsWritesAndCommitButNotTheWritersWork() throws IOException {
        store.takeThreadStorageNanos();

        try (OutputStream out = store.openOutput("b")) {
            LockSupport.parkNanos(WORK_NANOS); // the engine encrypting between writes
            out.write(new byte[] {4, 5});
        }

        long storageNanos = store.takeThreadStorageNanos();
        assertChargedTheStoreOnly(storageNanos, LatencyInjectingBlobStore.Call.OPEN_OUTPUT, "commit");
        assertTrue(store.exists("b"));
    }

    @Test
    void eachThreadHasItsOwnClock() throws InterruptedException {
        store.takeThreadStorageNanos();
        Thread other = Thread.ofPlatform().start(() -> store.exists("x"));
        other.join();

        assertEquals(0, store.takeThreadStorageNanos());
    }

    /**
     * At least the wall time the store itself measured for its wait, and less than that plus the writer's work: the
     * bound holds on a loaded machine, where a wait overshoots, and fails when the writer's work is charged.
     */
    private void assertChargedTheStoreOnly(long storageNanos, LatencyInjectingBlobStore.Call call, String what) {
        long waitedNanos = TimeUnit.MICROSECONDS.toNanos(injecting.waitedMicros(call));
        assertTrue(waitedNanos >= DELAY_NANOS, what + ": the store waited " + waitedNanos + " ns");
        assertTrue(storageNanos >= waitedNanos - 1000 && storageNanos < waitedNanos + WORK_NANOS,
                what + ": charged " + storageNanos + " ns, the store waited " + waitedNanos + " ns");
    }

    /** Content that takes {@code nanos} to produce, like an encrypting stream. */
    private static final class SlowStream extends ByteArrayInputStream {
        private final long nanos;

        SlowStream(byte[] bytes, long nanos) {
            super(bytes);
            this.nanos = nanos;
        }

        @Override
        public synchronized int read(byte[] bytes, int offset, int length) {
            LockSupport.parkNanos(nanos);
            return super.read(bytes, offset, length);
        }
    }
}
