package dev.vaultload.vault;

import dev.vaultload.storage.BlobStore;

/** A user's inbox: plain paths (the sender chose them), documents opened with the inbox private key. */
final class InboxDocuments extends StoredSpace {

    InboxDocuments(BlobStore store, DocumentCodec codec, UserKeys owner) {
        super(store, codec, StorageLayout.inbox(owner.userId()), owner.inboxDocumentKey());
    }

    @Override
    String storedPath(String plainPath) {
        return plainPath;
    }

    @Override
    String plainPath(String storedPath) {
        return storedPath;
    }
}
