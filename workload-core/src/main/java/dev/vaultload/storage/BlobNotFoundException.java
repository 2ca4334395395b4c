package dev.vaultload.storage;

/** The key does not exist in the store. */
public class BlobNotFoundException extends BlobStoreException {
    private final String key;

    public BlobNotFoundException(String key, String storeDescription) {
        super(Kind.NOT_FOUND, "no object " + key + " in " + storeDescription);
        this.key = key;
    }

    public String key() {
        return key;
    }
}
