package dev.vaultload.run.load;

import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import java.io.InputStream;
import java.util.stream.Stream;

/** A store that hands every call to another: decorators override the calls they change. */
public abstract class ForwardingBlobStore implements BlobStore {
    private final BlobStore delegate;

    protected ForwardingBlobStore(BlobStore delegate) {
        this.delegate = delegate;
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        delegate.put(key, content, lengthBytes);
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        return delegate.openOutput(key);
    }

    @Override
    public InputStream get(String key) {
        return delegate.get(key);
    }

    @Override
    public Stream<String> list(String prefix) {
        return delegate.list(prefix);
    }

    @Override
    public boolean exists(String key) {
        return delegate.exists(key);
    }

    @Override
    public void delete(String key) {
        delegate.delete(key);
    }

    @Override
    public long deletePrefix(String prefix) {
        return delegate.deletePrefix(prefix);
    }

    @Override
    public String describe() {
        return delegate.describe();
    }

    /** Sleeps without letting an interrupt pass unnoticed. */
    protected static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
