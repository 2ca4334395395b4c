package dev.vaultload.s3;

/**
 * How a {@link S3BlobStore} cuts its requests.
 *
 * @param partSizeBytes   {@link S3BlobStore#openOutput} buffers this much; a smaller object goes as one PutObject, a larger
 *                        one as a multipart upload of parts this size (S3's minimum part is 5 MiB)
 * @param listPageSize    keys per ListObjectsV2 page (S3's maximum is 1000)
 * @param deleteBatchSize keys per DeleteObjects request in {@link S3BlobStore#deletePrefix} (S3's maximum is 1000)
 */
public record S3TransferSettings(int partSizeBytes, int listPageSize, int deleteBatchSize) {

    public static final int MIN_PART_SIZE_BYTES = 5 << 20;
    /** Parts are buffered in one array per open stream: keep them well below the array limit. */
    public static final int MAX_PART_SIZE_BYTES = 1 << 30;
    public static final int MAX_KEYS_PER_REQUEST = 1000;

    /** 16 MiB parts, 1000 keys per list page and per delete batch. */
    public static final S3TransferSettings DEFAULT = new S3TransferSettings(16 << 20, MAX_KEYS_PER_REQUEST, MAX_KEYS_PER_REQUEST);

    public S3TransferSettings {
        requireWithin("partSizeBytes", partSizeBytes, MIN_PART_SIZE_BYTES, MAX_PART_SIZE_BYTES);
        requireWithin("listPageSize", listPageSize, 1, MAX_KEYS_PER_REQUEST);
        requireWithin("deleteBatchSize", deleteBatchSize, 1, MAX_KEYS_PER_REQUEST);
    }

    private static void requireWithin(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be within [" + min + ", " + max + "], got " + value);
        }
    }
}
