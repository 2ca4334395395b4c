package dev.vaultload.s3;

import dev.vaultload.storage.BlobOutputStream;
import java.io.IOException;
import java.util.Objects;

/**
 * Buffers written bytes up to one part ({@link PartBuffer}). An object that fits in one part is sent as one PutObject
 * on {@link #close()}; a larger one becomes a multipart upload, a part sent each time the buffer fills. On any failure,
 * and on {@link #abort()}, the multipart upload is aborted. Not thread-safe.
 */
final class S3BlobOutputStream extends BlobOutputStream {

    private final ObjectWriter writer;
    private final int partSizeBytes;
    private final PartBuffer buffer = new PartBuffer();
    private boolean finished;

    S3BlobOutputStream(ObjectWriter writer, int partSizeBytes) {
        this.writer = writer;
        this.partSizeBytes = partSizeBytes;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        ensureOpen();
        while (length > 0) {
            if (buffer.sizeBytes() == partSizeBytes) {
                sendPart();
            }
            int chunkBytes = (int) Math.min(length, partSizeBytes - buffer.sizeBytes());
            buffer.write(bytes, offset, chunkBytes);
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
                writer.putWhole(buffer);
            } else {
                if (buffer.sizeBytes() > 0) {
                    writer.uploadPart(buffer);
                }
                writer.complete();
            }
        } finally {
            buffer.clear();
        }
    }

    @Override
    public void abort() {
        if (finished) {
            return;
        }
        finished = true;
        buffer.clear();
        writer.abort();
    }

    private void sendPart() {
        try {
            writer.uploadPart(buffer);
        } catch (RuntimeException e) {
            finished = true;
            buffer.clear();
            throw e;
        }
        buffer.clear();
    }

    private void ensureOpen() throws IOException {
        if (finished) {
            throw new IOException("stream already closed or aborted");
        }
    }
}
