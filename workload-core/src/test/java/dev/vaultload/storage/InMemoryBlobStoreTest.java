package dev.vaultload.storage;

class InMemoryBlobStoreTest extends BlobStoreContract {

    @Override
    protected BlobStore openStore() {
        return new InMemoryBlobStore();
    }
}
