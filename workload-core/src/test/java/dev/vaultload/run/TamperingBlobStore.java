package dev.vaultload.run;

import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobOutputStream;
import dev.vaultload.storage.ForwardingBlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A store that damages the first private documents written through it (one unless told; inbox documents when made
 * {@link #ofInboxes}), right after each is committed, the way a faulty disk or a stray process would: one byte
 * flipped, or the object deleted.
 */
final class TamperingBlobStore extends ForwardingBlobStore {
    enum Damage { FLIP_BYTE, DELETE }

    private final Damage damage;
    private final AtomicInteger undamaged;
    private final String space;

    TamperingBlobStore(BlobStore delegate, Damage damage) {
        this(delegate, damage, 1);
    }

    TamperingBlobStore(BlobStore delegate, Damage damage, int documents) {
        this(delegate, damage, documents, "/private/");
    }

    private TamperingBlobStore(BlobStore delegate, Damage damage, int documents, String space) {
        super(delegate);
        this.damage = damage;
        this.undamaged = new AtomicInteger(documents);
        this.space = space;
    }

    /** Damages the first inbox document written: a share's first recipient's, before the share copies it on. */
    static TamperingBlobStore ofInboxes(BlobStore delegate, Damage damage) {
        return new TamperingBlobStore(delegate, damage, 1, "/inbox/");
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        return new ForwardingBlobOutputStream(delegate().openOutput(key)) {
            @Override
            public void close() throws IOException {
                super.close();
                if (key.contains(space) && undamaged.getAndDecrement() > 0) {
                    damage(key);
                }
            }
        };
    }

    private void damage(String key) {
        if (damage == Damage.DELETE) {
            delegate().delete(key);
            return;
        }
        byte[] stored;
        try (InputStream in = delegate().get(key)) {
            stored = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        stored[stored.length / 2] ^= 0x01;
        delegate().put(key, new ByteArrayInputStream(stored), stored.length);
    }

    @Override
    public String describe() {
        return "tampering " + delegate().describe();
    }
}
