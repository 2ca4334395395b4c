package dev.vaultload.s3;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The bytes of one object or part, held in memory until sent, in blocks of {@link #BLOCK_BYTES}: growing never copies
 * what was written (a growing array copies each byte about once more), a small object holds one small block, and
 * the blocks are read as often as a retry needs. Not thread-safe.
 */
final class PartBuffer {
    static final int BLOCK_BYTES = 64 << 10;

    private final List<byte[]> blocks = new ArrayList<>();
    private long sizeBytes;

    /** Appends {@code length} bytes of {@code bytes} from {@code offset}. */
    void write(byte[] bytes, int offset, int length) {
        while (length > 0) {
            int inLast = (int) (sizeBytes % BLOCK_BYTES);
            if (inLast == 0) {
                blocks.add(new byte[BLOCK_BYTES]);
            }
            int copied = Math.min(length, BLOCK_BYTES - inLast);
            System.arraycopy(bytes, offset, blocks.get(blocks.size() - 1), inLast, copied);
            sizeBytes += copied;
            offset += copied;
            length -= copied;
        }
    }

    long sizeBytes() {
        return sizeBytes;
    }

    /** The content from its first byte, a new stream each call. */
    InputStream newInputStream() {
        List<InputStream> parts = new ArrayList<>(blocks.size());
        for (int i = 0; i < blocks.size(); i++) {
            parts.add(new ByteArrayInputStream(blocks.get(i), 0, blockBytes(i)));
        }
        return new SequenceInputStream(Collections.enumeration(parts));
    }

    void writeTo(OutputStream out) throws IOException {
        for (int i = 0; i < blocks.size(); i++) {
            out.write(blocks.get(i), 0, blockBytes(i));
        }
    }

    /** CRC32C of the content, base64 of its four big-endian bytes: the value of S3's {@code x-amz-checksum-crc32c}. */
    String crc32cBase64() {
        CRC32C crc = new CRC32C();
        for (int i = 0; i < blocks.size(); i++) {
            crc.update(blocks.get(i), 0, blockBytes(i));
        }
        return Base64.getEncoder().encodeToString(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    /** Forgets the content; the blocks go to the garbage collector. */
    void clear() {
        blocks.clear();
        sizeBytes = 0;
    }

    private int blockBytes(int index) {
        return index < blocks.size() - 1 ? BLOCK_BYTES : (int) (sizeBytes - (long) index * BLOCK_BYTES);
    }
}
