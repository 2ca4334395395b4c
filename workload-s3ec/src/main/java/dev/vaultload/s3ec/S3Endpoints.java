package dev.vaultload.s3ec;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The SDK clients of these engines, one pair per endpoint, bucket and key pair for the life of the process: an
 * engine is opened per combination and the harness never closes one, so clients made per open would pile up.
 */
final class S3Endpoints {
    private static final Map<S3Access, BucketObjects> SYNC = new ConcurrentHashMap<>();
    private static final Map<S3Access, S3AsyncClient> ASYNC = new ConcurrentHashMap<>();

    private S3Endpoints() {
    }

    static BucketObjects objects(S3Access access) {
        return SYNC.computeIfAbsent(access, key -> new BucketObjects(key.syncClient(), key.bucket()));
    }

    static S3AsyncClient async(S3Access access) {
        return ASYNC.computeIfAbsent(access, S3Access::asyncClient);
    }

    /** The sync client alone, for tests that look under an engine. */
    static S3Client client(S3Access access) {
        return objects(access).client();
    }
}
