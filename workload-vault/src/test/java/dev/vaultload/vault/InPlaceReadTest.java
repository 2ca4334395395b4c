package dev.vaultload.vault;

import static dev.vaultload.engine.Documents.content;
import static dev.vaultload.engine.Documents.readAll;
import static dev.vaultload.engine.Documents.write;
import static dev.vaultload.vault.VaultTestSupport.settings;
import static dev.vaultload.vault.VaultTestSupport.stored;
import static dev.vaultload.vault.VaultTestSupport.user;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.ForwardingBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.InPlaceSource;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A document on a store that lends its bytes in place ({@link InPlaceSource}, the MEMORY store) is opened chunk by chunk
 * where the store keeps it, and every change a copying read refuses is refused there too: the last flag comes from
 * where the object ends instead of a byte of look-ahead.
 */
class InPlaceReadTest {
    private static final int SEALED_CHUNK_BYTES = DocumentCodec.CHUNK_BYTES + AeadChunkCipher.TAG_BYTES;

    private final LendCountingStore store = new LendCountingStore(new InMemoryBlobStore());
    private final Engine vault = new DatasafeStyleVault(store, settings(CipherSuite.AES256_GCM));
    private final PrivateSpace space;

    InPlaceReadTest() {
        vault.createUser(user("alice"));
        space = vault.privateSpace(user("alice"));
    }

    @Test
    void everyWholeChunkIsLentAndTheShortLastOneRead() {
        byte[] plaintext = content(3 * DocumentCodec.CHUNK_BYTES + 100, 1);
        write(space, "doc", plaintext);

        assertArrayEquals(plaintext, readAll(space.read("doc")));
        assertEquals(3, store.lent, "the three whole chunks opened in place, the short last one read");
    }

    @Test
    void aBodyOfWholeChunksEndsWithALentLastChunk() {
        byte[] plaintext = content(2 * DocumentCodec.CHUNK_BYTES, 2);
        write(space, "doc", plaintext);

        assertArrayEquals(plaintext, readAll(space.read("doc")));
        assertEquals(2, store.lent);
    }

    @Test
    void aBodyCutAtAChunkBoundaryIsRefusedInPlace() {
        assertRefusedInPlace(chunks -> chunks.subList(0, chunks.size() - 1));
    }

    /** A lent chunk refused as the last one does not end the stream: reading on is refused again, never an end. */
    @Test
    void readingOnAfterARefusedLastChunkIsRefusedAgain() throws IOException {
        assertRefusedInPlace(chunks -> chunks.subList(0, chunks.size() - 1));
        try (InputStream in = space.read("doc")) {
            assertThrows(EngineException.class, in::readAllBytes);
            assertEquals(EngineException.Reason.INTEGRITY, assertThrows(EngineException.class, in::read).reason());
        }
    }

    @Test
    void aChunkAppendedIsRefusedInPlace() {
        assertRefusedInPlace(chunks -> {
            List<byte[]> longer = new ArrayList<>(chunks);
            longer.add(chunks.get(chunks.size() - 1));
            return longer;
        });
    }

    @Test
    void swappedChunksAreRefusedInPlace() {
        assertRefusedInPlace(chunks -> List.of(chunks.get(1), chunks.get(0), chunks.get(2)));
    }

    @Test
    void aFlippedByteInALentChunkIsRefused() {
        assertRefusedInPlace(chunks -> {
            byte[] flipped = chunks.get(1).clone();
            flipped[100] ^= 1;
            return List.of(chunks.get(0), flipped, chunks.get(2));
        });
    }

    /**
     * Writes a body of three whole chunks, stores it again changed, each chunk a write of its own as the engine writes
     * them (so that the store keeps, and lends, each whole), and expects INTEGRITY from a read that lent chunks.
     */
    private void assertRefusedInPlace(UnaryOperator<List<byte[]>> change) {
        write(space, "doc", content(3 * DocumentCodec.CHUNK_BYTES, 3));
        String key;
        try (Stream<String> keys = store.list("alice/private/")) {
            key = keys.reduce((one, other) -> {
                throw new IllegalStateException("more than the document under alice/private/: " + one + ", " + other);
            }).orElseThrow();
        }
        byte[] original = stored(store, key);
        int bodyStart = original.length - 3 * SEALED_CHUNK_BYTES;
        List<byte[]> chunks = new ArrayList<>();
        for (int at = bodyStart; at < original.length; at += SEALED_CHUNK_BYTES) {
            chunks.add(Arrays.copyOfRange(original, at, at + SEALED_CHUNK_BYTES));
        }
        try (BlobOutputStream out = store.openOutput(key)) {
            out.write(original, 0, bodyStart);
            for (byte[] chunk : change.apply(chunks)) {
                out.write(chunk);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        store.lent = 0;

        EngineException refused = assertThrows(EngineException.class, () -> readAll(space.read("doc")));
        assertEquals(EngineException.Reason.INTEGRITY, refused.reason());
        assertTrue(store.lent > 0, "the refusal came from a chunk opened in place");
    }

    /** Passes the MEMORY store's lending on and counts what it lent. */
    private static final class LendCountingStore extends ForwardingBlobStore {
        private int lent;

        LendCountingStore(InMemoryBlobStore delegate) {
            super(delegate);
        }

        @Override
        public InputStream get(String key) {
            InputStream in = delegate().get(key);
            return new CountingLender(in, (InPlaceSource) in);
        }

        private final class CountingLender extends FilterInputStream implements InPlaceSource {
            private final InPlaceSource lender;

            CountingLender(InputStream in, InPlaceSource lender) {
                super(in);
                this.lender = lender;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return in.read(b, off, len);
            }

            @Override
            public Lent lend(int lengthBytes) throws IOException {
                Lent piece = lender.lend(lengthBytes);
                if (piece != null) {
                    lent++;
                }
                return piece;
            }
        }
    }
}
