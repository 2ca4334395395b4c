package dev.vaultload.vault;

import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** A user's private space: paths encrypted per segment with the user's AES-SIV key, documents for the user's KEK. */
final class PrivateDocuments extends StoredSpace implements PrivateSpace {

    private final UserKeys owner;
    private final RecipientGenerators recipients;

    PrivateDocuments(BlobStore store, DocumentCodec codec, UserKeys owner, RecipientGenerators recipients) {
        super(store, codec, StorageLayout.privateSpace(owner.userId()), owner.privateDocumentKey());
        this.owner = owner;
        this.recipients = recipients;
    }

    @Override
    public OutputStream write(String path) {
        String key = keyOf(path);
        return codec.encrypting(store.openOutput(key), recipients.forOwner(owner), owner.userId());
    }

    /**
     * REENCRYPT: the document read whole (every chunk authenticated) and encrypted again under a new body key into a
     * new object at the same key, which replaces the old one when it commits, after the last byte was read. Any
     * failure aborts the new object and leaves the old one.
     */
    void reencrypt(String path) {
        String key = keyOf(path);
        try (InputStream plain = read(path)) {
            BlobOutputStream sink = store.openOutput(key);
            OutputStream encrypted = codec.encrypting(sink, recipients.forOwner(owner), owner.userId());
            try {
                plain.transferTo(encrypted);
            } catch (IOException | RuntimeException e) {
                sink.abort();
                throw e;
            }
            encrypted.close();
        } catch (IOException e) {
            throw new UncheckedIOException("re-encrypting " + key + " failed", e);
        }
    }

    @Override
    String storedPath(String plainPath) {
        return owner.pathCipher().encryptPath(plainPath);
    }

    @Override
    String plainPath(String storedPath) {
        return owner.pathCipher().decryptPath(storedPath);
    }
}
