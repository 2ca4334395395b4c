package dev.vaultload.s3ec;

import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobStoreException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The plain S3 calls of these engines on their bucket (list, delete, small key-material objects), and the one
 * translation of SDK failures into the harness's store failures: messages name the key and the bucket, never a secret.
 */
final class BucketObjects {
    private static final int DELETE_BATCH = 1000;

    private final S3Client s3;
    private final String bucket;

    BucketObjects(S3Client s3, String bucket) {
        this.s3 = s3;
        this.bucket = bucket;
    }

    S3Client client() {
        return s3;
    }

    String bucket() {
        return bucket;
    }

    /** Keys under {@code prefix}, lazily, page by page. */
    Stream<String> list(String prefix) {
        try {
            return s3.listObjectsV2Paginator(request -> request.bucket(bucket).prefix(prefix)).contents().stream()
                    .map(S3Object::key);
        } catch (RuntimeException e) {
            throw translate(e, prefix);
        }
    }

    /** Deletes {@code keys} in batches; returns how many. */
    long delete(List<String> keys) {
        for (int from = 0; from < keys.size(); from += DELETE_BATCH) {
            List<ObjectIdentifier> batch = keys.subList(from, Math.min(keys.size(), from + DELETE_BATCH)).stream()
                    .map(key -> ObjectIdentifier.builder().key(key).build()).toList();
            try {
                s3.deleteObjects(request -> request.bucket(bucket).delete(Delete.builder().objects(batch).quiet(true).build()));
            } catch (RuntimeException e) {
                throw translate(e, batch.getFirst().key());
            }
        }
        return keys.size();
    }

    long deletePrefix(String prefix) {
        try (Stream<String> keys = list(prefix)) {
            return delete(keys.toList());
        }
    }

    boolean exists(String key) {
        try {
            s3.headObject(request -> request.bucket(bucket).key(key));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (SdkServiceException e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw translate(e, key);
        } catch (RuntimeException e) {
            throw translate(e, key);
        }
    }

    void put(String key, byte[] bytes) {
        try {
            s3.putObject(request -> request.bucket(bucket).key(key), RequestBody.fromBytes(bytes));
        } catch (RuntimeException e) {
            throw translate(e, key);
        }
    }

    Optional<byte[]> get(String key) {
        try {
            return Optional.of(s3.getObjectAsBytes(request -> request.bucket(bucket).key(key)).asByteArray());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (RuntimeException e) {
            throw translate(e, key);
        }
    }

    /** The store failure in {@code failure}'s cause chain: a missing key, a refusal, a timeout, a broken connection. */
    BlobStoreException translate(Throwable failure, String key) {
        String where = "s3://" + bucket + "/" + key;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof BlobStoreException store) {
                return store;
            }
            if (cause instanceof NoSuchKeyException) {
                return new BlobNotFoundException(key, "s3://" + bucket);
            }
            if (cause instanceof SdkServiceException service) {
                int status = service.statusCode();
                BlobStoreException.Kind kind = status == 429 || status == 503 ? BlobStoreException.Kind.LIMIT_EXCEEDED
                        : status >= 500 ? BlobStoreException.Kind.SERVER : BlobStoreException.Kind.CLIENT;
                return new BlobStoreException(kind, where + ": HTTP " + status + " " + errorCode(service), failure);
            }
            if (cause instanceof SocketTimeoutException) {
                return new BlobStoreException(BlobStoreException.Kind.TIMEOUT, where + ": timed out", failure);
            }
        }
        boolean io = causes(failure).stream().anyMatch(cause -> cause instanceof IOException || cause instanceof SdkClientException);
        return new BlobStoreException(io ? BlobStoreException.Kind.SERVER : BlobStoreException.Kind.OTHER,
                where + ": " + failure.getClass().getSimpleName() + ": " + failure.getMessage(), failure);
    }

    private static String errorCode(SdkServiceException service) {
        return service instanceof software.amazon.awssdk.awscore.exception.AwsServiceException aws && aws.awsErrorDetails() != null
                ? aws.awsErrorDetails().errorCode() : "";
    }

    private static List<Throwable> causes(Throwable failure) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable cause = failure; cause != null && chain.size() < 20; cause = cause.getCause()) {
            chain.add(cause);
        }
        return chain;
    }
}
