package dev.vaultload.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link BlobStore} must do; each implementation's test extends this. */
abstract class BlobStoreContract {

    protected BlobStore store;

    protected abstract BlobStore newStore() throws IOException;

    @BeforeEach
    void open() throws IOException {
        store = newStore();
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void putThenGetReturnsTheSameBytes() throws IOException {
        put("u1/a/b", "hello");
        assertEquals("hello", read("u1/a/b"));
        assertTrue(store.exists("u1/a/b"));
    }

    @Test
    void putReplacesAndReadsExactlyTheAnnouncedLength() throws IOException {
        put("u1/x", "first version");
        store.put("u1/x", new ByteArrayInputStream("second and more".getBytes(StandardCharsets.UTF_8)), 6);
        assertEquals("second", read("u1/x"));
    }

    @Test
    void emptyObjectIsAnObject() throws IOException {
        put("u1/empty", "");
        assertEquals("", read("u1/empty"));
        assertEquals(List.of("u1/empty"), listed("u1/"));
    }

    @Test
    void copyStoresAnIndependentObjectWithTheSameBytes() throws IOException {
        put("u1/original", "shared content");
        store.copy("u1/original", "u2/inbox/copy");
        store.delete("u1/original");
        assertEquals("shared content", read("u2/inbox/copy"));
        assertThrows(BlobNotFoundException.class, () -> store.copy("u1/original", "u2/inbox/other"));
        assertFalse(store.exists("u2/inbox/other"));
    }

    @Test
    void missingKeyIsTypedNotFound() {
        BlobNotFoundException e = assertThrows(BlobNotFoundException.class, () -> store.get("u1/missing"));
        assertEquals(BlobStoreException.Kind.NOT_FOUND, e.kind());
        assertEquals("u1/missing", e.key());
        assertFalse(store.exists("u1/missing"));
        store.delete("u1/missing");
    }

    @Test
    void listFiltersByPrefixAndDeletePrefixCounts() {
        for (String key : List.of("u1/a/1", "u1/a/2", "u1/ab/3", "u1/b/4", "u2/a/5")) {
            put(key, key);
        }
        assertEquals(Set.of("u1/a/1", "u1/a/2"), Set.copyOf(listed("u1/a/")));
        assertEquals(Set.of("u1/a/1", "u1/a/2", "u1/ab/3"), Set.copyOf(listed("u1/a")));
        assertEquals(5, listed("").size());
        assertEquals(Set.of("u1/a/1", "u1/a/2", "u1/ab/3", "u1/b/4"), Set.copyOf(listed("u")).stream()
                .filter(k -> k.startsWith("u1")).collect(Collectors.toSet()));
        assertEquals(2, store.deletePrefix("u1/a/"));
        assertEquals(Set.of("u1/ab/3", "u1/b/4", "u2/a/5"), Set.copyOf(listed("")));
        store.delete("u1/b/4");
        assertEquals(List.of(), listed("u1/b/"));
        assertEquals(List.of(), listed("nobody/"));
    }

    @Test
    void abortedWriteLeavesNothingVisible() throws IOException {
        BlobOutputStream out = store.openOutput("u1/aborted");
        out.write(new byte[1000]);
        assertFalse(store.exists("u1/aborted"));
        assertEquals(List.of(), listed(""));
        out.abort();
        out.close();
        assertFalse(store.exists("u1/aborted"));
        assertEquals(List.of(), listed(""));
    }

    @Test
    void writeVisibleOnlyAfterClose() throws IOException {
        put("u1/doc", "old");
        try (BlobOutputStream out = store.openOutput("u1/doc")) {
            out.write("new".getBytes(StandardCharsets.UTF_8));
            assertEquals("old", read("u1/doc"));
        }
        assertEquals("new", read("u1/doc"));
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
        assertThrows(BlobStoreException.class, () -> store.put("u1/broken", failing, 10_000));
        assertThrows(BlobStoreException.class,
                () -> store.put("u1/short", new ByteArrayInputStream(new byte[10]), 11));
        assertFalse(store.exists("u1/broken"));
        assertFalse(store.exists("u1/short"));
        assertEquals(List.of(), listed(""));
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
        byte[] a = filled(20_000, (byte) 'a');
        byte[] b = filled(30_000, (byte) 'b');
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        String own = "u" + thread + "/d" + (i % 5) + "/doc";
                        byte[] content = i % 2 == 0 ? a : b;
                        store.put(own, new ByteArrayInputStream(content), content.length);
                        store.put("shared/doc", new ByteArrayInputStream(content), content.length);
                        try (InputStream in = store.get("shared/doc")) {
                            byte[] seen = in.readAllBytes();
                            assertTrue(java.util.Arrays.equals(seen, a) || java.util.Arrays.equals(seen, b),
                                    "torn read of " + seen.length + " bytes");
                        }
                        try (Stream<String> keys = store.list("u" + thread + "/")) {
                            assertTrue(keys.count() <= 5);
                        }
                        if (i % 7 == 0) {
                            store.deletePrefix("u" + thread + "/d" + (i % 5) + "/");
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
        try (InputStream in = store.get("shared/doc")) {
            int finalLength = in.readAllBytes().length;
            assertTrue(finalLength == a.length || finalLength == b.length, "final length " + finalLength);
        }
    }

    protected void put(String key, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        store.put(key, new ByteArrayInputStream(bytes), bytes.length);
    }

    protected String read(String key) throws IOException {
        try (InputStream in = store.get(key)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    protected List<String> listed(String prefix) {
        try (Stream<String> keys = store.list(prefix)) {
            return keys.sorted().toList();
        }
    }

    private static byte[] filled(int size, byte value) {
        byte[] bytes = new byte[size];
        java.util.Arrays.fill(bytes, value);
        return bytes;
    }
}
