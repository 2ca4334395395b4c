package dev.vaultload.vault;

import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.storage.BlobStore;
import java.io.OutputStream;

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

    @Override
    String storedPath(String plainPath) {
        return owner.pathCipher().encryptPath(plainPath);
    }

    @Override
    String plainPath(String storedPath) {
        return owner.pathCipher().decryptPath(storedPath);
    }
}
