package dev.vaultload.s3ec;

import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A bucket whose copies go through the client (this store's own get and put): Ceph 16.2 cannot copy an encrypted
 * object (501), and an SSE-C copy needs both owners' keys.
 */
class ClientCopyStore extends ForwardingBlobStore {

    ClientCopyStore(BlobStore bucket) {
        super(bucket);
    }

    @Override
    public void copy(String sourceKey, String targetKey) {
        try (InputStream in = get(sourceKey)) {
            byte[] bytes = in.readAllBytes();
            put(targetKey, new ByteArrayInputStream(bytes), bytes.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
