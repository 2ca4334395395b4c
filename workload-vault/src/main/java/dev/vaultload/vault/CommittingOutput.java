package dev.vaultload.vault;

import dev.vaultload.storage.BlobOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The stream a writer gets: writes go to the encrypting {@code body}, whose close finishes the ciphertext and
 * commits {@code sink}. Any failure aborts the sink, so a failed write never leaves a visible object.
 */
final class CommittingOutput extends OutputStream {

    private final OutputStream body;
    private final BlobOutputStream sink;
    private boolean done;

    CommittingOutput(OutputStream body, BlobOutputStream sink) {
        this.body = body;
        this.sink = sink;
    }

    @Override
    public void write(int b) throws IOException {
        requireOpen();
        try {
            body.write(b);
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        requireOpen();
        try {
            body.write(b, off, len);
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        if (done) {
            return;
        }
        done = true;
        try {
            body.close();
        } catch (IOException | RuntimeException e) {
            sink.abort();
            throw e;
        }
    }

    private void abort() {
        done = true;
        sink.abort();
    }

    private void requireOpen() throws IOException {
        if (done) {
            throw new IOException("the document stream is closed or was aborted after a failure");
        }
    }
}
