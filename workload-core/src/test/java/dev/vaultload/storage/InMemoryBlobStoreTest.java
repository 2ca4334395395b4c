package dev.vaultload.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
}
