package dev.vaultload.content;

import dev.vaultload.fixture.ContentId;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChecksumVerifierTest {
    private static final ContentId ID = new ContentId("checksum-verifier-test");
    private static final int SIZE_BYTES = 3 * ContentGenerator.CHUNK_BYTES + 7;

    /**
     * The clock counts the computing of the expected digest and not the reading of the stream: it ticks once per
     * reading, and every read of the stream moves it on by a thousand, so the verifier's tally is one tick per expected
     * digest and nothing of the reads.
     */
    @Test
    void timesTheExpectedDigestNotTheReading() throws IOException {
        ContentGenerator generator = new ContentGenerator();
        long[] clock = {0};
        ChecksumVerifier verifier = new ChecksumVerifier(generator, () -> clock[0]++);

        ChecksumVerifier.Verification first = verifier.verify(slowStream(generator, clock), ID, SIZE_BYTES);
        ChecksumVerifier.Verification again = verifier.verify(slowStream(generator, clock), ID, SIZE_BYTES);

        assertTrue(first.matches() && again.matches());
        assertEquals(2, verifier.takeExpectationNanos(), "one tick for each of the two expected digests");
        assertEquals(0, verifier.takeExpectationNanos(), "taken: nothing left");
        verifier.compare(first, new ContentId("another"), SIZE_BYTES);
        assertEquals(1, verifier.takeExpectationNanos(), "a comparison with another content computes its digest too");
    }

    private static InputStream slowStream(ContentGenerator generator, long[] clock) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        generator.writeTo(ID, SIZE_BYTES, bytes);
        InputStream content = new ByteArrayInputStream(bytes.toByteArray());
        return new InputStream() {
            @Override
            public int read() throws IOException {
                clock[0] += 1000;
                return content.read();
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                clock[0] += 1000;
                return content.read(buffer, offset, length);
            }
        };
    }
}
