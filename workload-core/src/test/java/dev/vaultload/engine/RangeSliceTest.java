package dev.vaultload.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RangeSliceTest {
    private static final byte[] DOCUMENT = "0123456789".getBytes(StandardCharsets.US_ASCII);

    @Test
    void slicesAsAnHttpRange() throws IOException {
        assertArrayEquals(Arrays.copyOfRange(DOCUMENT, 0, 1), slice(0, 0), "first byte only");
        assertArrayEquals(Arrays.copyOfRange(DOCUMENT, 9, 10), slice(9, 9), "the last byte");
        assertArrayEquals(Arrays.copyOfRange(DOCUMENT, 7, 10), slice(7, 100), "across the end");
    }

    @Test
    void aRangeFromTheEndOnIsRefusedAsS3RefusesIt() {
        for (long firstByte : new long[] {10, 50}) {
            EngineException refused = assertThrows(EngineException.class, () -> slice(firstByte, firstByte + 5));
            assertEquals(EngineException.Reason.RANGE_NOT_SATISFIABLE, refused.reason());
            assertEquals("bytes " + firstByte + "-" + (firstByte + 5) + " of a document of 10 bytes: the range starts at"
                    + " or past its end (S3 answers 416 InvalidRange for a plain object)", refused.getMessage());
        }
    }

    @Test
    void theDefaultRangedReadCountsTheWholePlaintextAsDecrypted() throws IOException {
        Space whole = new Space() {
            @Override
            public InputStream read(String path) {
                return new ByteArrayInputStream(DOCUMENT);
            }

            @Override
            public Stream<String> list(String prefix) {
                return Stream.empty();
            }

            @Override
            public long delete(String prefix) {
                return 0;
            }
        };
        ReadBytes.reset();
        try (InputStream in = whole.read("a", 2, 3)) {
            assertArrayEquals(Arrays.copyOfRange(DOCUMENT, 2, 4), in.readAllBytes());
        }
        assertEquals(DOCUMENT.length, ReadBytes.decryptedBytes(), "read whole to verify it, so decrypted whole");
        assertEquals(-1, ReadBytes.fetchedBytes(), "no fetch of its own counted");
    }

    private static byte[] slice(long firstByte, long lastByte) throws IOException {
        try (InputStream in = RangeSlice.of(new ByteArrayInputStream(DOCUMENT), firstByte, lastByte, true)) {
            return in.readAllBytes();
        }
    }
}
