package dev.vaultload.s3;

import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

import dev.vaultload.storage.BlobOutputStream;

/**
 * Buffers written bytes up to one part. An object that fits in one part is sent as one PutObject on
 * {@link #close()}; a larger one becomes a multipart upload, a part sent each time the buffer fills. The buffer grows
 * with the object, so small objects cost little memory. On any failure, and on {@link #abort()}, the multipart upload
 * is aborted. Not thread-safe.
 */
final class S3BlobOutputStream extends BlobOutputStream {

    private static final int INITIAL_BUFFER_BYTES = 64 << 10;

    private final ObjectWriter writer;
    private final int partSizeBytes;
    private byte[] buffer;
    private int bufferedBytes;
    private boolean finished;

    S3BlobOutputStream(ObjectWriter writer, int partSizeBytes) {
        this.writer = writer;
        this.partSizeBytes = partSizeBytes;
        this.buffer = new byte[Math.min(INITIAL_BUFFER_BYTES, partSizeBytes)];
    }

    @Override
    public void write(int b) throws IOException {
        ensureOpen();
        makeRoom(1);
        buffer[bufferedBytes++] = (byte) b;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        ensureOpen();
        while (length > 0) {
            int chunkBytes = makeRoom(length);
            System.arraycopy(bytes, offset, buffer, bufferedBytes, chunkBytes);
            bufferedBytes += chunkBytes;
            offset += chunkBytes;
            length -= chunkBytes;
        }
    }

    /** Commits the object: one PutObject, or the last part and CompleteMultipartUpload. */
    @Override
    public void close() {
        if (finished) {
            return;
        }
        finished = true;
        try {
            if (!writer.multipartStarted()) {
                writer.putWhole(buffer, bufferedBytes);
            } else {
                if (bufferedBytes > 0) {
                    writer.uploadPart(buffer, bufferedBytes);
                }
                writer.complete();
            }
        } finally {
            buffer = null;
        }
    }

    @Override
    public void abort() {
        if (finished) {
            return;
        }
        finished = true;
        buffer = null;
        writer.abort();
    }

    /** Sends a full buffer as a part and grows the buffer as needed; returns how many of {@code wantedBytes} fit now. */
    private int makeRoom(int wantedBytes) {
        if (bufferedBytes == partSizeBytes) {
            try {
                writer.uploadPart(buffer, bufferedBytes);
            } catch (RuntimeException e) {
                finished = true;
                buffer = null;
                throw e;
            }
            bufferedBytes = 0;
        }
        int fittingBytes = Math.min(wantedBytes, partSizeBytes - bufferedBytes);
        int neededBytes = bufferedBytes + fittingBytes;
        if (neededBytes > buffer.length) {
            buffer = Arrays.copyOf(buffer, (int) Math.min(partSizeBytes, Math.max(neededBytes, 2L * buffer.length)));
        }
        return fittingBytes;
    }

    private void ensureOpen() throws IOException {
        if (finished) {
            throw new IOException("stream already closed or aborted");
        }
    }
}
