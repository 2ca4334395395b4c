package dev.vaultload.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InMemoryBlobStoreTest extends BlobStoreContract {

    @Override
    protected BlobStore openStore() {
        return new InMemoryBlobStore();
    }

    /**
     * A document of several chunks, written in odd pieces (small ones collected, large ones kept whole, one larger than
     * a chunk split) and single bytes, reads back whole either way.
     */
    @Test
    void aLargeObjectWrittenInPiecesReadsBackExactly() throws IOException {
        byte[] document = new byte[3 * 1024 * 1024 + 17];
        new Random(7).nextBytes(document);
        BlobStore store = openStore();
        try (BlobOutputStream out = store.openOutput("large")) {
            out.write(document[0]);
            out.write(document, 1, 600_000);
            for (int offset = 600_001; offset < document.length; ) {
                int piece = Math.min(document.length - offset, 1 + offset % 70_001);
                out.write(document, offset, piece);
                offset += piece;
            }
        }

        ByteArrayOutputStream byBytes = new ByteArrayOutputStream();
        try (InputStream in = store.get("large")) {
            for (int b = in.read(); b >= 0; b = in.read()) {
                byBytes.write(b);
            }
        }
        try (InputStream in = store.get("large")) {
            assertArrayEquals(document, in.readAllBytes());
        }
        assertEquals(document.length, byBytes.size());
        assertArrayEquals(document, byBytes.toByteArray());
    }

    /**
     * A large write is kept whole, so a reader may have it lent in place; a piece across two writes is not lent, and
     * nothing of it is consumed, so the reader can read it instead.
     */
    @Test
    void aPieceWithinOneLargeWriteIsLentInPlaceAndNoneAcrossTwo() throws IOException {
        byte[] first = new byte[20_000];
        byte[] second = new byte[30_000];
        new Random(3).nextBytes(first);
        new Random(4).nextBytes(second);
        BlobStore store = openStore();
        try (BlobOutputStream out = store.openOutput("two-writes")) {
            out.write(first);
            out.write(second);
        }

        try (InputStream in = store.get("two-writes")) {
            InPlaceSource lender = (InPlaceSource) in;
            assertNull(lender.lend(first.length + 1), "across two writes");
            InPlaceSource.Lent whole = lender.lend(first.length);
            assertArrayEquals(first, lent(whole));
            assertFalse(whole.endsObject());
            assertEquals(second[0] & 0xff, in.read(), "reads go on after what was lent");
            InPlaceSource.Lent rest = lender.lend(second.length - 1);
            assertArrayEquals(Arrays.copyOfRange(second, 1, second.length), lent(rest));
            assertTrue(rest.endsObject());
            assertEquals(-1, in.read());
        }
    }

    private static byte[] lent(InPlaceSource.Lent lent) {
        return Arrays.copyOfRange(lent.array(), lent.offset(), lent.offset() + lent.length());
    }
}
