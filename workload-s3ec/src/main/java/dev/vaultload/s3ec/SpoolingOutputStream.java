package dev.vaultload.s3ec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Collects a document and hands it, as a {@link Spool}, to {@code onClose} when closed: in memory up to
 * {@code thresholdBytes}, in a temporary file from there on. A stream never closed stores nothing.
 */
final class SpoolingOutputStream extends OutputStream {
    private final long thresholdBytes;
    private final Consumer<Spool> onClose;
    private ByteArrayOutputStream memory = new ByteArrayOutputStream();
    private Path file;
    private OutputStream fileOut;
    private long sizeBytes;
    private boolean closed;

    SpoolingOutputStream(long thresholdBytes, Consumer<Spool> onClose) {
        this.thresholdBytes = thresholdBytes;
        this.onClose = onClose;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        if (closed) {
            throw new IOException("document stream closed");
        }
        if (fileOut == null && sizeBytes + length >= thresholdBytes) {
            file = Files.createTempFile("vaultload-spool-", ".bin");
            fileOut = Files.newOutputStream(file);
            memory.writeTo(fileOut);
            memory = null;
        }
        (fileOut != null ? fileOut : memory).write(bytes, offset, length);
        sizeBytes += length;
    }

    /** Drops what was written without handing it on: the document's source failed before its end. */
    void discard() {
        closed = true;
        if (fileOut != null) {
            try {
                fileOut.close();
            } catch (IOException ignored) {
                // the file is deleted next
            }
            Spool.inFile(file, sizeBytes).delete();
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        Spool spool;
        if (fileOut != null) {
            fileOut.close();
            spool = Spool.inFile(file, sizeBytes);
        } else {
            spool = Spool.inMemory(memory.toByteArray());
        }
        try {
            onClose.accept(spool);
        } finally {
            spool.delete();
        }
    }
}
