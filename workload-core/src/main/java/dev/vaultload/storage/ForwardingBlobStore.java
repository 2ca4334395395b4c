package dev.vaultload.storage;

import java.io.InputStream;
import java.util.stream.Stream;

/** A BlobStore that passes every call to another: the base of decorators that change a few calls. */
public abstract class ForwardingBlobStore implements BlobStore {
    private final BlobStore delegate;

    protected ForwardingBlobStore(BlobStore delegate) {
        this.delegate = delegate;
    }

    protected BlobStore delegate() {
        return delegate;
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
    public void copy(String sourceKey, String targetKey) {
        delegate.copy(sourceKey, targetKey);
    }

    @Override
    public InputStream get(String key) {
        return delegate.get(key);
    }

    @Override
    public InputStream get(String key, long firstByte, long lastByte) {
        return delegate.get(key, firstByte, lastByte);
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
    public String locate(String key) {
        return delegate.locate(key);
    }

    @Override
    public String describe() {
        return delegate.describe();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
