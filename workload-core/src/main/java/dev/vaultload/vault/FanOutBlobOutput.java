package dev.vaultload.vault;

import dev.vaultload.storage.BlobOutputStream;
import java.io.IOException;
import java.util.List;

/** One ciphertext written to several objects (one share into every recipient's inbox). */
final class FanOutBlobOutput extends BlobOutputStream {

    private final List<BlobOutputStream> targets;

    FanOutBlobOutput(List<BlobOutputStream> targets) {
        this.targets = List.copyOf(targets);
    }

    @Override
    public void write(int b) throws IOException {
        for (BlobOutputStream target : targets) {
            target.write(b);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        for (BlobOutputStream target : targets) {
            target.write(b, off, len);
        }
    }

    /** Commits the copies in order; if one fails, the ones not yet committed are dropped. */
    @Override
    public void close() throws IOException {
        for (int i = 0; i < targets.size(); i++) {
            try {
                targets.get(i).close();
            } catch (IOException | RuntimeException e) {
                targets.subList(i + 1, targets.size()).forEach(BlobOutputStream::abort);
                throw e;
            }
        }
    }

    @Override
    public void abort() {
        targets.forEach(BlobOutputStream::abort);
    }
}
