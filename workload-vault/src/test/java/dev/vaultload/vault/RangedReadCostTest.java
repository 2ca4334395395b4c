package dev.vaultload.vault;

import static dev.vaultload.vault.VaultTestSupport.settings;
import static dev.vaultload.vault.VaultTestSupport.user;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.ReadBytes;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.FileSystemBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.StoreRequest;
import dev.vaultload.storage.StoreTraffic;
import dev.vaultload.storage.TimedBlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a VAULTLOAD ranged read fetches from the store and decrypts, in bytes (sizes, not time), and that it returns
 * what S3 returns for the same range of a plain object. The figures of a 1 GiB document on MinIO are
 * scripts/ranged-read-cost.sh's.
 */
class RangedReadCostTest {
    private static final long KIB = 1024;
    private static final UserCredentials ALICE = user("alice");

    @TempDir
    Path directory;

    @Test
    void a64KibRangeOfA1GibDocumentFetchesAndDecryptsAtMostTheRangeAndTwoChunks() throws IOException {
        TimedBlobStore store = new TimedBlobStore(new FileSystemBlobStore(directory));
        PrivateSpace space = spaceWith(store, 1024 * KIB * KIB);
        long firstByte = 512 * KIB * KIB + 1000; // not on a chunk boundary: the range spans two chunks
        long lengthBytes = 64 * KIB;

        Cost cost = read(store, space, firstByte, firstByte + lengthBytes - 1);

        long bound = lengthBytes + 2L * DocumentCodec.CHUNK_BYTES;
        assertTrue(cost.fetchedBytes <= bound, "fetched " + cost.fetchedBytes + " bytes, more than " + bound);
        assertTrue(cost.decryptedBytes <= bound, "decrypted " + cost.decryptedBytes + " bytes, more than " + bound);
        assertEquals(2, cost.gets, "one GET for the prelude and envelope, one for the two chunks");
    }

    @Test
    void aDocumentSmallerThanTheFirstGetCostsOneGet() throws IOException {
        TimedBlobStore store = new TimedBlobStore(new InMemoryBlobStore());
        PrivateSpace space = spaceWith(store, 1000);
        Cost cost = read(store, space, 10, 19);
        assertEquals(1, cost.gets);
        assertTrue(cost.fetchedBytes < DocumentHead.FIRST_GET_BYTES, "fetched " + cost.fetchedBytes);
    }

    /** Ranges of a document of three chunks and 100 bytes: the last chunk is short, and its flag must be seen. */
    @ParameterizedTest(name = "bytes {0}-{1}")
    @CsvSource({
            "0, 0", // the first byte only
            "196707, 196707", // the last byte
            "196608, 196707", // the whole last chunk
            "196700, 999999", // across the end
            "65535, 65536", // across a chunk boundary
            "131071, 196607", // up to the end of a whole chunk before the last
            "100, 196707", // almost all
    })
    void rangesReturnWhatS3ReturnsForAPlainObject(long firstByte, long lastByte) throws IOException {
        long sizeBytes = 3 * DocumentCodec.CHUNK_BYTES + 100;
        PrivateSpace space = spaceWith(new InMemoryBlobStore(), sizeBytes);
        try (InputStream in = space.read("doc", firstByte, lastByte)) {
            assertArrayEquals(Pattern.bytes(firstByte, Math.min(lastByte, sizeBytes - 1) - firstByte + 1), in.readAllBytes());
        }
    }

    @ParameterizedTest(name = "bytes {0}-{1}")
    @CsvSource({
            "196708, 196708", // at the end: inside the last chunk's span
            "196800, 200000", // past the end, inside the last chunk's span
            "262144, 262200", // past the end, from a chunk that does not exist
            "999999999, 999999999", // far past
    })
    void rangesFromTheEndOnAreRefusedAsS3RefusesThem(long firstByte, long lastByte) {
        PrivateSpace space = spaceWith(new InMemoryBlobStore(), 3 * DocumentCodec.CHUNK_BYTES + 100);
        EngineException refused = assertThrows(EngineException.class, () -> {
            try (InputStream in = space.read("doc", firstByte, lastByte)) {
                in.readAllBytes();
            }
        });
        assertEquals(EngineException.Reason.RANGE_NOT_SATISFIABLE, refused.reason(), refused.getMessage());
    }

    private static PrivateSpace spaceWith(BlobStore store, long sizeBytes) {
        DatasafeStyleVault vault = new DatasafeStyleVault(store, settings(CipherSuite.AES256_GCM));
        vault.createUser(ALICE);
        PrivateSpace space = vault.privateSpace(ALICE);
        try (OutputStream out = space.write(sizeBytes > KIB * KIB ? "big" : "doc")) {
            Pattern.writeTo(out, sizeBytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return space;
    }

    private record Cost(long fetchedBytes, long decryptedBytes, long gets) {
    }

    private static Cost read(TimedBlobStore store, PrivateSpace space, long firstByte, long lastByte) throws IOException {
        String path = space.exists("big") ? "big" : "doc";
        store.resetThread();
        ReadBytes.reset();
        try (InputStream in = space.read(path, firstByte, lastByte)) {
            assertArrayEquals(Pattern.bytes(firstByte, lastByte - firstByte + 1), in.readAllBytes(), "the range's bytes");
        }
        StoreTraffic traffic = store.takeThreadTraffic();
        return new Cost(traffic.receivedBytes(), ReadBytes.decryptedBytes(), traffic.requests(StoreRequest.GET));
    }

    /** Content whose every byte depends on its position, so a range from the wrong place does not match. */
    private static final class Pattern {
        static byte at(long position) {
            return (byte) (position ^ (position >>> 8) ^ (position >>> 16) ^ (position >>> 24));
        }

        static byte[] bytes(long firstByte, long lengthBytes) {
            byte[] bytes = new byte[(int) lengthBytes];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = at(firstByte + i);
            }
            return bytes;
        }

        static void writeTo(OutputStream out, long sizeBytes) throws IOException {
            byte[] block = new byte[64 * 1024];
            for (long written = 0; written < sizeBytes; written += block.length) {
                int length = (int) Math.min(block.length, sizeBytes - written);
                for (int i = 0; i < length; i++) {
                    block[i] = at(written + i);
                }
                out.write(block, 0, length);
            }
        }
    }
}
