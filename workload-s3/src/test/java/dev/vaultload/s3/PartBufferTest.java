package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The blocks give back what was written, at every size around a block's edge, as often as asked. */
class PartBufferTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, PartBuffer.BLOCK_BYTES - 1, PartBuffer.BLOCK_BYTES, PartBuffer.BLOCK_BYTES + 1, 5 * PartBuffer.BLOCK_BYTES + 3})
    void givesBackWhatWasWrittenInAnyPieces(int sizeBytes) throws IOException {
        byte[] content = new byte[sizeBytes];
        new Random(sizeBytes).nextBytes(content);
        PartBuffer buffer = new PartBuffer();
        Random pieces = new Random(7);
        for (int offset = 0; offset < sizeBytes; ) {
            int length = Math.min(sizeBytes - offset, 1 + pieces.nextInt(3 * PartBuffer.BLOCK_BYTES / 2));
            buffer.write(content, offset, length);
            offset += length;
        }

        assertEquals(sizeBytes, buffer.sizeBytes());
        assertArrayEquals(content, buffer.newInputStream().readAllBytes());
        assertArrayEquals(content, buffer.newInputStream().readAllBytes(), "read again, as a retry does");
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        buffer.writeTo(written);
        assertArrayEquals(content, written.toByteArray());
        assertEquals(DirectPutObjectTest.crc32cBase64(content), buffer.crc32cBase64());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, PartBuffer.BLOCK_BYTES + 1})
    void clearedItHoldsNothingAndTakesNewContent(int sizeBytes) throws IOException {
        PartBuffer buffer = new PartBuffer();
        buffer.write(new byte[sizeBytes], 0, sizeBytes);
        buffer.clear();
        buffer.write(new byte[] {42}, 0, 1);

        assertArrayEquals(new byte[] {42}, buffer.newInputStream().readAllBytes());
    }
}
