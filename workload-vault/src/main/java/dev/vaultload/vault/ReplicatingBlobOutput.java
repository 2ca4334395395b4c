package dev.vaultload.vault;

import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * One ciphertext stored under several keys (a share, one copy per recipient's inbox): streamed once into the
 * first key, then copied by the store to the others (in place where it can, e.g. S3's CopyObject). Writing
 * to all copies at once would buffer the document once per recipient in stores that buffer a part.
 */
final class ReplicatingBlobOutput extends ForwardingBlobOutputStream {

    private final BlobStore store;
    private final List<String> keys;

    ReplicatingBlobOutput(BlobStore store, List<String> keys) {
        super(store.openOutput(keys.get(0)));
        this.store = store;
        this.keys = List.copyOf(keys);
    }

    /** Commits the first copy, then the others in order; if one fails, those already made stay. */
    @Override
    public void close() throws IOException {
        super.close();
        for (String key : keys.subList(1, keys.size())) {
            store.copy(keys.get(0), key);
        }
    }
}
