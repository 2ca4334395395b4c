package dev.vaultload.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class TimedBlobStoreTest {
    private static final long DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** Generous: what a loaded 2-core machine may add to a 10 ms park and a few map operations. */
    private static final long SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(8);

    private final TimedBlobStore store = new TimedBlobStore(
            new LatencyInjectingBlobStore(new InMemoryBlobStore("test"), new InjectedLatency.Fixed(Duration.ofNanos(DELAY_NANOS))));

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
        store.put("a", new SlowStream(new byte[] {1, 2, 3}, DELAY_NANOS * 3), 3);

        long storageNanos = store.takeThreadStorageNanos();

        assertTrue(storageNanos >= DELAY_NANOS && storageNanos < DELAY_NANOS + SLACK_NANOS,
                "the injected 10 ms, not the content's 30 ms: " + storageNanos);
        assertEquals(0, store.takeThreadStorageNanos(), "taking resets");
    }

    @Test
    void getChargesTheCallAndTheReadsOfItsStream() throws IOException {
        store.put("a", new ByteArrayInputStream(new byte[] {1, 2, 3}), 3);
        store.takeThreadStorageNanos();

        try (InputStream in = store.get("a")) {
            assertArrayEquals(new byte[] {1, 2, 3}, in.readAllBytes());
        }

        long storageNanos = store.takeThreadStorageNanos();
        assertTrue(storageNanos >= DELAY_NANOS && storageNanos < DELAY_NANOS + SLACK_NANOS, "get: " + storageNanos);
    }

    @Test
    void openOutputChargesItsWritesAndCommitButNotTheWritersWork() throws IOException {
        store.takeThreadStorageNanos();

        try (OutputStream out = store.openOutput("b")) {
            LockSupport.parkNanos(DELAY_NANOS * 3); // the engine encrypting between writes
            out.write(new byte[] {4, 5});
        }

        long storageNanos = store.takeThreadStorageNanos();
        assertTrue(storageNanos >= DELAY_NANOS && storageNanos < DELAY_NANOS + SLACK_NANOS, "commit: " + storageNanos);
        assertTrue(store.exists("b"));
    }

    @Test
    void eachThreadHasItsOwnClock() throws InterruptedException {
        store.takeThreadStorageNanos();
        Thread other = Thread.ofPlatform().start(() -> store.exists("x"));
        other.join();

        assertEquals(0, store.takeThreadStorageNanos());
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
