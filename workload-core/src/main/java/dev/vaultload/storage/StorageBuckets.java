package dev.vaultload.storage;

/** Bucket naming shared by the local providers. */
final class StorageBuckets {

    /** The bucket of single-bucket runs. */
    static final String DEFAULT_BUCKET = "vaultload";

    private StorageBuckets() {
    }

    /** A bucket name is one path segment of letters, digits, '.', '_' or '-' (not "." or ".."), like S3's. */
    static String requireValidBucket(String bucket) {
        if (bucket == null || !bucket.matches("[A-Za-z0-9._-]{1,63}") || bucket.equals(".") || bucket.equals("..")) {
            throw new IllegalArgumentException("invalid bucket name: '" + bucket + "'");
        }
        return bucket;
    }
}
