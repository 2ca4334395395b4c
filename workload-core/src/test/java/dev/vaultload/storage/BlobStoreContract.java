package dev.vaultload.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link BlobStore} must do, as jclouds' BaseBlobStoreIntegrationTest: each store's test extends it and
 * says how to open the store. Every key of a test starts with {@link #root}, so that a store on a shared server
 * can run the contract beside other data.
 */
public abstract class BlobStoreContract {

    /** The store of the current test. */
    protected BlobStore store;
    /** The prefix of every key of the current test (see {@link #newRoot()}). */
    protected String root;

    /** The store for one test; the contract deletes the test's keys and closes it afterwards. */
    protected abstract BlobStore openStore() throws IOException;

    /** Where a test's keys go: "" when {@link #openStore()} returns an empty store; a unique directory on a shared one. */
    protected String newRoot() {
        return "";
    }

    /** The size of one part of a streamed write (S3: the multipart part size); writes are tested just below, at and above it. */
    protected int partSizeBytes() {
        return 64 << 10;
    }

    /** How many rounds each of the 8 threads of the concurrency test runs; a store over the network may run fewer. */
    protected int concurrentRounds() {
        return 200;
    }

    @BeforeEach
    void open() throws IOException {
        store = openStore();
        root = newRoot();
    }

    @AfterEach
    void close() {
        try {
            store.deletePrefix(root);
        } finally {
            store.close();
        }
    }

    @Test
    void putStoresExactlyTheBytesAndReplaces() throws IOException {
        byte[] first = randomBytes(100 << 10, 1);
        byte[] second = randomBytes(3, 2);
        put(root + "u1/a/b", first);
        assertArrayEquals(first, read(root + "u1/a/b"));
        assertTrue(store.exists(root + "u1/a/b"));
        put(root + "u1/a/b", second);
        assertArrayEquals(second, read(root + "u1/a/b"));
    }

    @Test
    void putReadsExactlyTheAnnouncedLength() throws IOException {
        store.put(root + "u1/x", new ByteArrayInputStream(utf8("second and more")), 6);
        assertArrayEquals(utf8("second"), read(root + "u1/x"));
    }

    @Test
    void emptyObjectsAreObjects() throws IOException {
        store.put(root + "u1/empty-put", InputStream.nullInputStream(), 0);
        store.openOutput(root + "u1/empty-output").close();
        assertEquals(0, read(root + "u1/empty-put").length);
        assertEquals(0, read(root + "u1/empty-output").length);
        assertEquals(List.of(root + "u1/empty-output", root + "u1/empty-put"), listed(root + "u1/"));
    }

    @Test
    void copyStoresAnIndependentObjectWithTheSameBytes() throws IOException {
        byte[] content = randomBytes(300 << 10, 7);
        put(root + "u1/original", content);
        store.copy(root + "u1/original", root + "u2/inbox/copy");
        store.delete(root + "u1/original");
        assertArrayEquals(content, read(root + "u2/inbox/copy"));
        assertThrows(BlobNotFoundException.class, () -> store.copy(root + "u1/original", root + "u2/inbox/other"));
        assertFalse(store.exists(root + "u2/inbox/other"));
    }

    /** As S3's GET with a Range: the first byte, up to the end, across the end; a start at or past the end refused. */
    @Test
    void rangesReadAsS3AnswersThem() throws IOException {
        byte[] content = new byte[1000];
        new Random(7).nextBytes(content);
        String key = root + "u1/ranged";
        put(key, content);
        assertArrayEquals(Arrays.copyOfRange(content, 0, 1), readRange(key, 0, 0), "first byte only");
        assertArrayEquals(Arrays.copyOfRange(content, 900, 1000), readRange(key, 900, 999), "up to the last byte");
        assertArrayEquals(Arrays.copyOfRange(content, 999, 1000), readRange(key, 999, 999), "the last byte");
        assertArrayEquals(Arrays.copyOfRange(content, 990, 1000), readRange(key, 990, 5000), "across the end");
        assertArrayEquals(Arrays.copyOfRange(content, 100, 300), readRange(key, 100, 299), "inside");
        assertArrayEquals(Arrays.copyOfRange(content, 400, 1000), readRange(key, 400, Long.MAX_VALUE), "the rest");
        for (long pastTheEnd : new long[] {1000, 4000}) {
            BlobStoreException refused = assertThrows(BlobStoreException.class,
                    () -> readRange(key, pastTheEnd, pastTheEnd + 10), "from byte " + pastTheEnd);
            assertEquals(BlobStoreException.Kind.CLIENT, refused.kind(), refused.getMessage());
        }
        assertThrows(BlobNotFoundException.class, () -> readRange(root + "u1/missing", 0, 10));
    }

    private byte[] readRange(String key, long firstByte, long lastByte) throws IOException {
        try (InputStream in = store.get(key, firstByte, lastByte)) {
            return in.readAllBytes();
        }
    }

    @Test
    void missingKeyIsTypedNotFound() {
        BlobNotFoundException e = assertThrows(BlobNotFoundException.class, () -> store.get(root + "u1/missing"));
        assertEquals(BlobStoreException.Kind.NOT_FOUND, e.kind());
        assertEquals(root + "u1/missing", e.key());
        assertFalse(store.exists(root + "u1/missing"));
        store.delete(root + "u1/missing");
    }

    @Test
    void deleteRemovesOneObject() {
        put(root + "u1/x", utf8("x"));
        put(root + "u1/xy", utf8("xy"));
        store.delete(root + "u1/x");
        assertFalse(store.exists(root + "u1/x"));
        assertEquals(List.of(root + "u1/xy"), listed(root));
    }

    @Test
    void listFiltersByPrefixAndDeletePrefixCounts() {
        for (String key : List.of("u1/a/1", "u1/a/2", "u1/ab/3", "u1/b/4", "u2/a/5")) {
            put(root + key, utf8(key));
        }
        assertEquals(keys("u1/a/1", "u1/a/2"), listed(root + "u1/a/"));
        assertEquals(keys("u1/a/1", "u1/a/2", "u1/ab/3"), listed(root + "u1/a"));
        assertEquals(keys("u1/a/1", "u1/a/2", "u1/ab/3", "u1/b/4", "u2/a/5"), listed(root + "u"));
        assertEquals(2, store.deletePrefix(root + "u1/a/"));
        assertEquals(keys("u1/ab/3", "u1/b/4", "u2/a/5"), listed(root));
        assertEquals(List.of(), listed(root + "nobody/"));
    }

    @Test
    void listPagesThroughEveryKeyUnderThePrefix() {
        List<String> underA = IntStream.range(0, 23).mapToObj(i -> root + "a/" + i).sorted().toList();
        List<String> underB = IntStream.range(0, 3).mapToObj(i -> root + "b/" + i).sorted().toList();
        Stream.concat(underA.stream(), underB.stream()).forEach(key -> put(key, utf8(key)));
        assertEquals(underA, listed(root + "a/"));
        assertEquals(underB, listed(root + "b/"));
        assertEquals(26, listed(root).size());
    }

    @Test
    void deletePrefixDeletesManyKeysAndOnlyUnderThePrefix() {
        IntStream.range(0, 250).forEach(i -> put(root + "gone/" + i, utf8("x")));
        put(root + "kept", utf8("x"));
        assertEquals(250, store.deletePrefix(root + "gone/"));
        assertEquals(List.of(root + "kept"), listed(root));
        assertEquals(0, store.deletePrefix(root + "gone/"));
    }

    @Test
    void streamedWritesAroundThePartSizeCommitWholeOnClose() throws IOException {
        int part = partSizeBytes();
        for (int size : new int[] {part - 1, part, 2 * part + 123}) {
            byte[] content = randomBytes(size, size);
            String key = root + "streamed/" + size;
            try (BlobOutputStream out = store.openOutput(key)) {
                out.write(content[0]);
                writeInOddChunks(out, Arrays.copyOfRange(content, 1, size));
                assertFalse(store.exists(key), "nothing is visible before close: " + size);
            }
            assertArrayEquals(content, read(key), "size " + size);
        }
    }

    @Test
    void openOutputReplacesOnlyOnClose() throws IOException {
        put(root + "u1/doc", utf8("old"));
        try (BlobOutputStream out = store.openOutput(root + "u1/doc")) {
            out.write(utf8("new"));
            assertArrayEquals(utf8("old"), read(root + "u1/doc"));
        }
        assertArrayEquals(utf8("new"), read(root + "u1/doc"));
    }

    @Test
    void abortedWritesLeaveNothingBeforeAndAfterAPartWasSent() throws IOException {
        BlobOutputStream small = store.openOutput(root + "aborted-small");
        small.write(randomBytes(1000, 6));
        assertEquals(List.of(), listed(root));
        small.abort();
        small.close(); // a no-op after abort
        BlobOutputStream large = store.openOutput(root + "aborted-large");
        large.write(randomBytes(partSizeBytes() + 1, 7)); // a part is sent on the byte after it
        large.abort();
        assertWriteFails(large);
        assertFalse(store.exists(root + "aborted-small"));
        assertFalse(store.exists(root + "aborted-large"));
        assertEquals(List.of(), listed(root));
    }

    @Test
    void failedPutStoresNothing() {
        InputStream failing = new InputStream() {
            private int served;

            @Override
            public int read() throws IOException {
                if (served++ > 100) {
                    throw new IOException("source broke");
                }
                return 7;
            }
        };
        assertThrows(BlobStoreException.class, () -> store.put(root + "u1/broken", failing, 10_000));
        assertThrows(BlobStoreException.class,
                () -> store.put(root + "u1/short", new ByteArrayInputStream(new byte[10]), 11));
        assertFalse(store.exists(root + "u1/broken"));
        assertFalse(store.exists(root + "u1/short"));
        assertEquals(List.of(), listed(root));
    }

    @Test
    void keysThatCouldEscapeAreRejected() {
        for (String bad : List.of("/abs", "a/../b", "..", "a//b", "a/./b", "a/", "", "a\\b", "a/\u0000")) {
            assertThrows(BlobStoreException.class, () -> store.get(bad), bad);
            assertThrows(BlobStoreException.class, () -> store.openOutput(bad), bad);
        }
    }

    @Test
    void concurrentWritersReadersAndListersSeeOnlyWholeObjects() throws Exception {
        int threads = 8;
        byte[] a = randomBytes(20_000, 'a');
        byte[] b = randomBytes(30_000, 'b');
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String own = root + "u" + t + "/";
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < concurrentRounds(); i++) {
                        byte[] content = i % 2 == 0 ? a : b;
                        put(own + "d" + (i % 5) + "/doc", content);
                        put(root + "shared/doc", content);
                        byte[] seen = read(root + "shared/doc");
                        assertTrue(Arrays.equals(seen, a) || Arrays.equals(seen, b), "torn read of " + seen.length + " bytes");
                        assertTrue(listed(own).size() <= 5);
                        if (i % 7 == 0) {
                            store.deletePrefix(own + "d" + (i % 5) + "/");
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        int finalLength = read(root + "shared/doc").length;
        assertTrue(finalLength == a.length || finalLength == b.length, "final length " + finalLength);
    }

    /** Writing to a finished output fails loudly, as an {@link IOException} or a {@link BlobStoreException}. */
    private static void assertWriteFails(BlobOutputStream finished) {
        Exception e = assertThrows(Exception.class, () -> finished.write(1));
        assertTrue(e instanceof IOException || e instanceof BlobStoreException, e.toString());
    }

    protected void put(String key, byte[] content) {
        store.put(key, new ByteArrayInputStream(content), content.length);
    }

    protected byte[] read(String key) throws IOException {
        try (InputStream in = store.get(key)) {
            return in.readAllBytes();
        }
    }

    protected List<String> listed(String prefix) {
        try (Stream<String> keys = store.list(prefix)) {
            return keys.sorted().toList();
        }
    }

    protected static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private List<String> keys(String... underRoot) {
        return Stream.of(underRoot).map(key -> root + key).sorted().toList();
    }

    /** Chunks of varying size, so that writes straddle part boundaries. */
    private static void writeInOddChunks(OutputStream out, byte[] content) throws IOException {
        int offset = 0;
        for (int chunk = 1; offset < content.length; chunk = chunk * 3 % 1_000_003 + 1) {
            int length = Math.min(chunk, content.length - offset);
            out.write(content, offset, length);
            offset += length;
        }
    }

    private static byte[] randomBytes(int sizeBytes, long seed) {
        byte[] bytes = new byte[sizeBytes];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
