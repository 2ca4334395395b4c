package dev.vaultload.run;

import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.ForwardingBlobOutputStream;
import dev.vaultload.storage.ForwardingBlobStore;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A store whose first private document write fails with a chosen kind, either after the object landed (the
 * answer lost on the way back: a reset, a timeout, a 500 after the commit) or before anything was stored.
 */
final class FailingWriteBlobStore extends ForwardingBlobStore {
    private final BlobStoreException.Kind kind;
    private final boolean landsFirst;
    private final AtomicBoolean failed = new AtomicBoolean();

    FailingWriteBlobStore(BlobStore delegate, BlobStoreException.Kind kind, boolean landsFirst) {
        super(delegate);
        this.kind = kind;
        this.landsFirst = landsFirst;
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        return new ForwardingBlobOutputStream(delegate().openOutput(key)) {
            @Override
            public void close() throws IOException {
                if (!key.contains("/private/") || !failed.compareAndSet(false, true)) {
                    super.close();
                    return;
                }
                if (landsFirst) {
                    super.close();
                } else {
                    abort();
                }
                throw new BlobStoreException(kind, "injected " + kind + " on " + key);
            }
        };
    }
}
