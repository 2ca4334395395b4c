package dev.vaultload.storage;

class InMemoryBlobStoreTest extends BlobStoreContract {

    @Override
    protected BlobStore newStore() {
        return new InMemoryBlobStore();
    }
}
