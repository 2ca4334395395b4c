package dev.vaultload.s3;

/** Writes one whole object from a buffer: the SDK's PutObject, or {@link DirectPutObject} where the endpoint allows. */
@FunctionalInterface
interface ObjectPutter {
    /** Failures are {@link software.amazon.awssdk.core.exception.SdkException}s. */
    void put(String bucket, String key, PartBuffer content);
}
