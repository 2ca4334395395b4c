package dev.vaultload.run;

import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * A store that damages the first private document written through it, right after it is committed, the
 * way a faulty disk or a stray process would: one byte flipped, or the object deleted.
 */
final class TamperingBlobStore implements BlobStore {
    enum Damage { FLIP_BYTE, DELETE }

    private final BlobStore delegate;
    private final Damage damage;
    private final AtomicReference<String> damagedKey = new AtomicReference<>();

    TamperingBlobStore(BlobStore delegate, Damage damage) {
        this.delegate = delegate;
        this.damage = damage;
    }

    String damagedKey() {
        return damagedKey.get();
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        BlobOutputStream target = delegate.openOutput(key);
        return new BlobOutputStream() {
            @Override
            public void write(int b) throws IOException {
                target.write(b);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                target.write(bytes, offset, length);
            }

            @Override
            public void abort() {
                target.abort();
            }

            @Override
            public void close() throws IOException {
                target.close();
                if (key.contains("/private/") && damagedKey.compareAndSet(null, key)) {
                    damage(key);
                }
            }
        };
    }

    private void damage(String key) {
        if (damage == Damage.DELETE) {
            delegate.delete(key);
            return;
        }
        byte[] stored;
        try (InputStream in = delegate.get(key)) {
            stored = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        stored[stored.length / 2] ^= 0x01;
        delegate.put(key, new ByteArrayInputStream(stored), stored.length);
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        delegate.put(key, content, lengthBytes);
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
        return "tampering " + delegate.describe();
    }
}
