package dev.vaultload.storage;

import java.io.IOException;

/** A BlobOutputStream that passes every call to another: the base of decorators that act around a commit. */
public class ForwardingBlobOutputStream extends BlobOutputStream {
    private final BlobOutputStream delegate;

    public ForwardingBlobOutputStream(BlobOutputStream delegate) {
        this.delegate = delegate;
    }

    @Override
    public void write(int b) throws IOException {
        delegate.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        delegate.write(bytes, offset, length);
    }

    @Override
    public void flush() throws IOException {
        delegate.flush();
    }

    @Override
    public void abort() {
        delegate.abort();
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
