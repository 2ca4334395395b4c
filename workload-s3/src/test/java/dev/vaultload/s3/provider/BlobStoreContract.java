package dev.vaultload.s3.provider;

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
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every {@link BlobStore} on S3 must do, run against a real server per subclass, with 5 MiB parts, pages of 7
 * keys and delete batches of 100 (see {@link TestConfig#SMALL_REQUESTS}). Each test works under its own random prefix.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BlobStoreContract {

    private static final int PART_SIZE_BYTES = 5 << 20;

    private S3StorageProvider provider;
    private BlobStore store;
    private String root;

    /** Starts the provider under test with {@link TestConfig#SMALL_REQUESTS}, or aborts the class with an assumption. */
    abstract S3StorageProvider startProvider();

    @BeforeAll
    void startServer() {
        provider = startProvider();
        store = provider.openBucket(provider.defaultBucket());
    }

    @AfterAll
    void stopServer() {
        if (provider != null) {
            provider.close();
        }
    }

    @BeforeEach
    void chooseRoot() {
        root = "contract-" + UUID.randomUUID() + "/";
    }

    @AfterEach
    void deleteRoot() {
        store.deletePrefix(root);
    }

    @Test
    void putStoresExactlyTheBytesAndReplaces() throws IOException {
        byte[] first = randomBytes(100 << 10, 1);
        byte[] second = randomBytes(3, 2);
        store.put(root + "doc", new ByteArrayInputStream(first), first.length);
        assertArrayEquals(first, readAll(root + "doc"));
        store.put(root + "doc", new ByteArrayInputStream(second), second.length);
        assertArrayEquals(second, readAll(root + "doc"));
    }

    @Test
    void copyIsServerSideAndIndependentOfTheSource() throws IOException {
        byte[] content = randomBytes(300 << 10, 7);
        store.put(root + "copy-source", new ByteArrayInputStream(content), content.length);
        store.copy(root + "copy-source", root + "copy-target");
        store.delete(root + "copy-source");
        assertArrayEquals(sha256(content), sha256(readAll(root + "copy-target")));
        assertThrows(BlobNotFoundException.class, () -> store.copy(root + "copy-source", root + "copy-other"));
    }

    @Test
    void emptyObjectsExist() throws IOException {
        store.put(root + "empty-put", InputStream.nullInputStream(), 0);
        store.openOutput(root + "empty-output").close();
        assertEquals(0, readAll(root + "empty-put").length);
        assertEquals(0, readAll(root + "empty-output").length);
    }

    @Test
    void openOutputBelowPartSizeCommitsOnClose() throws IOException {
        byte[] content = randomBytes(PART_SIZE_BYTES - 1, 3);
        try (BlobOutputStream out = store.openOutput(root + "small")) {
            writeInOddChunks(out, content);
            assertFalse(store.exists(root + "small"), "nothing is visible before close");
        }
        assertArrayEquals(content, readAll(root + "small"));
    }

    @Test
    void openOutputAbovePartSizeUploadsParts() throws IOException {
        byte[] content = randomBytes(2 * PART_SIZE_BYTES + 123, 4);
        try (BlobOutputStream out = store.openOutput(root + "large")) {
            out.write(content[0]);
            writeInOddChunks(out, Arrays.copyOfRange(content, 1, content.length));
        }
        assertArrayEquals(sha256(content), sha256(readAll(root + "large")));
    }

    @Test
    void openOutputOfExactlyOnePartIsOneObject() throws IOException {
        byte[] content = randomBytes(PART_SIZE_BYTES, 5);
        try (BlobOutputStream out = store.openOutput(root + "one-part")) {
            out.write(content);
        }
        assertArrayEquals(sha256(content), sha256(readAll(root + "one-part")));
    }

    @Test
    void abortDropsTheObjectBeforeAndAfterMultipartStarted() throws IOException {
        BlobOutputStream small = store.openOutput(root + "aborted-small");
        small.write(randomBytes(1000, 6));
        small.abort();
        BlobOutputStream large = store.openOutput(root + "aborted-large");
        large.write(randomBytes(PART_SIZE_BYTES + 1, 7)); // the first part is uploaded on the byte after it
        large.abort();
        large.close(); // a no-op after abort
        assertThrows(IOException.class, () -> large.write(1));
        assertFalse(store.exists(root + "aborted-small"));
        assertFalse(store.exists(root + "aborted-large"));
    }

    @Test
    void listPagesThroughEveryKeyUnderThePrefix() {
        List<String> underA = IntStream.range(0, 23).mapToObj(i -> root + "a/" + i).sorted().toList();
        List<String> underB = IntStream.range(0, 3).mapToObj(i -> root + "b/" + i).sorted().toList();
        Stream.concat(underA.stream(), underB.stream()).forEach(this::putTiny);
        assertEquals(underA, listSorted(root + "a/"));
        assertEquals(underB, listSorted(root + "b/"));
        assertEquals(26, listSorted(root).size());
        assertEquals(List.of(), listSorted(root + "c/"));
    }

    @Test
    void deletePrefixDeletesInBatchesAndOnlyUnderThePrefix() {
        IntStream.range(0, 250).forEach(i -> putTiny(root + "gone/" + i));
        putTiny(root + "kept");
        assertEquals(250, store.deletePrefix(root + "gone/"));
        assertEquals(List.of(root + "kept"), listSorted(root));
        assertEquals(0, store.deletePrefix(root + "gone/"));
    }

    @Test
    void missingKeysAreNotFound() {
        BlobNotFoundException missing = assertThrows(BlobNotFoundException.class, () -> store.get(root + "missing"));
        assertEquals(BlobStoreException.Kind.NOT_FOUND, missing.kind());
        assertEquals(root + "missing", missing.key());
        assertFalse(store.exists(root + "missing"));
        store.delete(root + "missing");
    }

    @Test
    void deleteRemovesOneObject() {
        putTiny(root + "x");
        assertTrue(store.exists(root + "x"));
        store.delete(root + "x");
        assertFalse(store.exists(root + "x"));
    }

    @Test
    void describeNamesTheEndpointAndBucket() {
        assertTrue(store.describe().startsWith("S3 http"), store.describe());
        assertTrue(store.describe().endsWith("/" + provider.defaultBucket()), store.describe());
    }

    private void putTiny(String key) {
        byte[] content = key.getBytes(StandardCharsets.UTF_8);
        store.put(key, new ByteArrayInputStream(content), content.length);
    }

    private List<String> listSorted(String prefix) {
        try (Stream<String> keys = store.list(prefix)) {
            return keys.sorted().toList();
        }
    }

    private byte[] readAll(String key) throws IOException {
        try (InputStream in = store.get(key)) {
            return in.readAllBytes();
        }
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

    private static byte[] sha256(byte[] content) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(content);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
