package dev.vaultload.content;

import java.io.InputStream;
import java.util.Objects;

/** The bytes of one content as an InputStream, produced on demand: constant memory for any size. */
final class ContentStream extends InputStream {
    private final long seed;
    private final long sizeBytes;
    private long positionBytes;

    ContentStream(long seed, long sizeBytes) {
        this.seed = seed;
        this.sizeBytes = sizeBytes;
    }

    @Override
    public int read() {
        if (positionBytes >= sizeBytes) {
            return -1;
        }
        return ContentBytes.byteAt(seed, positionBytes++);
    }

    @Override
    public int read(byte[] target, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, target.length);
        if (length == 0) {
            return 0;
        }
        if (positionBytes >= sizeBytes) {
            return -1;
        }
        int count = (int) Math.min(length, sizeBytes - positionBytes);
        ContentBytes.fill(seed, positionBytes, target, offset, count);
        positionBytes += count;
        return count;
    }

    @Override
    public long skip(long count) {
        long skipped = Math.max(0, Math.min(count, sizeBytes - positionBytes));
        positionBytes += skipped;
        return skipped;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, sizeBytes - positionBytes);
    }
}
