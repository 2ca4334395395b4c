package dev.vaultload.content;

import dev.vaultload.fixture.ContentId;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContentGeneratorTest {
    private static final ContentId ID = new ContentId("b5393d41-f276-48cf-8a15-e1a35869d99a");
    private final ContentGenerator generator = new ContentGenerator();

    @Test
    void sameIdAndSizeGiveTheSameBytesAcrossInstances() throws IOException {
        assertArrayEquals(bytes(generator, ID, 100_003), bytes(new ContentGenerator(), ID, 100_003));
    }

    @Test
    void otherIdsGiveOtherBytes() throws IOException {
        byte[] one = bytes(generator, ID, 4096);
        byte[] two = bytes(generator, new ContentId("8ab2912e-d799-409a-bc6c-22ddf4ba69d7"), 4096);
        assertFalse(Arrays.equals(one, two));
    }

    @Test
    void bytesLookRandomNotConstant() throws IOException {
        int[] counts = new int[256];
        for (byte b : bytes(generator, ID, 1 << 20)) {
            counts[b & 0xFF]++;
        }
        // 4096 expected per value; a broken generator (zeros, repetition of a few words) fails this by far
        assertTrue(Arrays.stream(counts).allMatch(count -> count > 3500 && count < 4700), Arrays.toString(counts));
    }

    @Test
    void streamSingleBytesOddChunksSkipAndWriteToAgree() throws IOException {
        int sizeBytes = 70_001;
        byte[] written = bytes(generator, ID, sizeBytes);
        assertEquals(sizeBytes, written.length);
        try (InputStream in = generator.open(ID, sizeBytes)) {
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            byte[] chunk = new byte[13];
            for (int position = 0; ; ) {
                int next = position % 3 == 0 ? in.read() : -2;
                if (next == -1) {
                    break;
                }
                if (next >= 0) {
                    read.write(next);
                    position++;
                    continue;
                }
                int count = in.read(chunk, 0, 1 + position % 13);
                if (count == -1) {
                    break;
                }
                read.write(chunk, 0, count);
                position += count;
            }
            assertArrayEquals(written, read.toByteArray());
        }
        try (InputStream in = generator.open(ID, sizeBytes)) {
            assertEquals(12_345, in.skip(12_345));
            assertArrayEquals(Arrays.copyOfRange(written, 12_345, 12_400), in.readNBytes(55));
        }
    }

    @Test
    void smallerSizesArePrefixes() throws IOException {
        byte[] large = bytes(generator, ID, 10_000);
        assertArrayEquals(Arrays.copyOf(large, 333), bytes(generator, ID, 333));
        assertEquals(0, bytes(generator, ID, 0).length);
    }

    @Test
    void expectedChecksumIsSha256OfTheBytes() throws IOException, NoSuchAlgorithmException {
        byte[] content = bytes(generator, ID, 300_007);
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(content), generator.expectedSha256(ID, 300_007));
        assertArrayEquals(generator.expectedSha256(ID, 300_007), generator.expectedSha256(ID, 300_007));
    }

    @Test
    void verifierAcceptsTheContentAndRejectsAFlippedByteOrAShortRead() throws IOException {
        ChecksumVerifier verifier = new ChecksumVerifier(generator);
        byte[] content = bytes(generator, ID, 50_000);
        assertTrue(verifier.verify(new ByteArrayInputStream(content), ID, 50_000).matches());

        byte[] tampered = content.clone();
        tampered[31_337] ^= 1;
        ChecksumVerifier.Verification flipped = verifier.verify(new ByteArrayInputStream(tampered), ID, 50_000);
        assertFalse(flipped.matches());
        assertEquals(50_000, flipped.actualSizeBytes());

        ChecksumVerifier.Verification shortRead = verifier.verify(
                new ByteArrayInputStream(content, 0, 49_999), ID, 50_000);
        assertFalse(shortRead.matches());
        assertEquals(49_999, shortRead.actualSizeBytes());
    }

    @Test
    void aReadThatBrokeOffDoesNotSpoilTheThreadsNextVerification() throws IOException {
        ChecksumVerifier verifier = new ChecksumVerifier(generator);
        byte[] content = bytes(generator, ID, 50_000);
        InputStream breaksOff = new ByteArrayInputStream(content) {
            @Override
            public synchronized int read(byte[] buffer, int offset, int length) {
                if (pos > 0) {
                    throw new IllegalStateException("connection reset");
                }
                return super.read(buffer, offset, Math.min(length, 1000));
            }
        };
        assertThrows(IllegalStateException.class, () -> verifier.verify(breaksOff, ID, 50_000));

        assertTrue(verifier.verify(new ByteArrayInputStream(content), ID, 50_000).matches());
    }

    @Test
    void oneGibStreamsInConstantMemory() throws IOException {
        long sizeBytes = 1L << 30;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long threadId = Thread.currentThread().threadId();
        CountingSink sink = new CountingSink();
        long allocatedBefore = threads.getThreadAllocatedBytes(threadId);
        generator.writeTo(ID, sizeBytes, sink);
        try (InputStream in = generator.open(ID, sizeBytes)) {
            in.transferTo(sink);
        }
        long allocatedBytes = threads.getThreadAllocatedBytes(threadId) - allocatedBefore;
        assertEquals(2 * sizeBytes, sink.countBytes);
        assertTrue(allocatedBytes < 1 << 20, "allocated " + allocatedBytes + " bytes to stream 2 GiB");
    }

    /**
     * The clock counts the generating of each chunk and not its writing: here the clock ticks once per reading and the
     * sink moves it on by a thousand per write, so what writeTo returns is one tick per chunk and nothing of the writes.
     */
    @Test
    void writingTimesTheGenerationOfTheBytesNotTheirWriting() throws IOException {
        long[] clock = {0};
        OutputStream slowSink = new OutputStream() {
            @Override
            public void write(int b) {
                clock[0] += 1000;
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                clock[0] += 1000;
            }
        };
        ByteArrayOutputStream written = new ByteArrayOutputStream();

        long generatingTicks = generator.writeTo(ID, 3L * ContentGenerator.CHUNK_BYTES + 1, slowSink, () -> clock[0]++);

        assertEquals(4, generatingTicks, "four chunks, one tick each");
        generator.writeTo(ID, 3L * ContentGenerator.CHUNK_BYTES + 1, written, () -> 0);
        assertArrayEquals(bytes(generator, ID, 3L * ContentGenerator.CHUNK_BYTES + 1), written.toByteArray(),
                "the same bytes as the untimed write");
    }

    private static byte[] bytes(ContentGenerator generator, ContentId id, long sizeBytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        generator.writeTo(id, sizeBytes, out);
        return out.toByteArray();
    }

    private static final class CountingSink extends OutputStream {
        long countBytes;

        @Override
        public void write(int b) {
            countBytes++;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            countBytes += length;
        }
    }
}
