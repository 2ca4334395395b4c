package dev.vaultload.s3ec;

import dev.vaultload.fixture.OperationType;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.s3.model.CopyObjectRequest;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.ServerSideEncryption;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;

/**
 * The server-side encryption modes, their request headers and what the servers the providers reach offer: a mode
 * a server lacks is refused before the run ({@link #refusal}). SSE-C's key ({@link CustomerKeys}; the other modes
 * take none: null) goes with every PUT, GET, HEAD, part and copy, with its MD5 (mandatory on MinIO and Ceph; the SDK
 * does not compute it).
 */
enum SseMode {
    /** The server's own key ({@code x-amz-server-side-encryption: AES256}). */
    SSE_S3,
    /** A key of the server's KMS ({@code aws:kms} and SSE_KMS_KEY_ID). */
    SSE_KMS,
    /** The application's key per user ({@link CustomerKeys}), sent with every request. */
    SSE_C;

    /** Why {@code provider} cannot serve this mode with these settings, or null when it can. */
    String refusal(String provider, Function<String, String> settings) {
        String minioUrl = settings.apply("MINIO_URL");
        return switch (provider.toUpperCase(Locale.ROOT)) {
            case "EMBEDDED" -> "S3Proxy ignores server-side encryption and keeps objects in plain text";
            case "CEPH" -> this == SSE_S3
                    ? "Ceph RGW 16.2 answers 200 to SSE-S3 and stores the object in plain text (it has no SSE-S3 KMS)" : null;
            case "MINIO" -> {
                if (minioUrl == null) {
                    // a MinIO the provider starts has the KMS key vaultload-key (as the script's), but no TLS
                    yield this == SSE_C ? "MinIO accepts SSE-C only over TLS, which a MinIO the provider starts has not:"
                            + " start one with MINIO_TLS=1 scripts/start-minio.sh and set MINIO_URL and CA_PATH" : null;
                }
                yield this == SSE_C && !minioUrl.startsWith("https:")
                        ? "MinIO accepts SSE-C only over TLS: start it with MINIO_TLS=1 scripts/start-minio.sh (https MINIO_URL, CA_PATH)"
                        : null;
            }
            default -> null;
        };
    }

    void apply(PutObjectRequest.Builder request, CustomerKeys.CustomerKey key, String kmsKeyId) {
        if (this == SSE_C) {
            customer(key, (algorithm, keyBase64, md5) -> request.sseCustomerAlgorithm(algorithm).sseCustomerKey(keyBase64).sseCustomerKeyMD5(md5));
        } else {
            request.serverSideEncryption(serverSide()).ssekmsKeyId(this == SSE_KMS ? kmsKeyId : null);
        }
    }

    void apply(CreateMultipartUploadRequest.Builder request, CustomerKeys.CustomerKey key, String kmsKeyId) {
        if (this == SSE_C) {
            customer(key, (algorithm, keyBase64, md5) -> request.sseCustomerAlgorithm(algorithm).sseCustomerKey(keyBase64).sseCustomerKeyMD5(md5));
        } else {
            request.serverSideEncryption(serverSide()).ssekmsKeyId(this == SSE_KMS ? kmsKeyId : null);
        }
    }

    /** Parts repeat only SSE-C's key (Ceph requires it on every part). */
    void apply(UploadPartRequest.Builder request, CustomerKeys.CustomerKey key) {
        if (this == SSE_C) {
            customer(key, (algorithm, keyBase64, md5) -> request.sseCustomerAlgorithm(algorithm).sseCustomerKey(keyBase64).sseCustomerKeyMD5(md5));
        }
    }

    void apply(GetObjectRequest.Builder request, CustomerKeys.CustomerKey key) {
        if (this == SSE_C) {
            customer(key, (algorithm, keyBase64, md5) -> request.sseCustomerAlgorithm(algorithm).sseCustomerKey(keyBase64).sseCustomerKeyMD5(md5));
        }
    }

    void apply(HeadObjectRequest.Builder request, CustomerKeys.CustomerKey key) {
        if (this == SSE_C) {
            customer(key, (algorithm, keyBase64, md5) -> request.sseCustomerAlgorithm(algorithm).sseCustomerKey(keyBase64).sseCustomerKeyMD5(md5));
        }
    }

    /** A copy encrypted like a PUT under {@code target}; an SSE-C source opened with {@code source} (the copy re-keys). */
    void apply(CopyObjectRequest.Builder request, CustomerKeys.CustomerKey source, CustomerKeys.CustomerKey target, String kmsKeyId) {
        if (this == SSE_C) {
            customer(source, (algorithm, keyBase64, md5) -> request.copySourceSSECustomerAlgorithm(algorithm)
                    .copySourceSSECustomerKey(keyBase64).copySourceSSECustomerKeyMD5(md5));
            customer(target, (algorithm, keyBase64, md5) -> request.sseCustomerAlgorithm(algorithm).sseCustomerKey(keyBase64).sseCustomerKeyMD5(md5));
        } else {
            request.serverSideEncryption(serverSide()).ssekmsKeyId(this == SSE_KMS ? kmsKeyId : null);
        }
    }

    private ServerSideEncryption serverSide() {
        return this == SSE_KMS ? ServerSideEncryption.AWS_KMS : ServerSideEncryption.AES256;
    }

    /** The SDK's request builders share no interface for the SSE-C headers. */
    private interface CustomerHeaders {
        void set(String algorithm, String keyBase64, String keyMd5Base64);
    }

    private static void customer(CustomerKeys.CustomerKey key, CustomerHeaders headers) {
        headers.set(key.algorithm(), key.keyBase64(), key.keyMd5Base64());
    }

    /**
     * The key lifecycle operations this mode carries out. REENCRYPT in all three. ROTATE_KEY only with SSE-C, whose
     * key is the user's (derived from the password, {@link CustomerKeys}): SSE-S3's and SSE-KMS's keys are the
     * server's, so no password of the user opens or closes anything and "the old secret opens nothing" could not
     * hold; a rotation of those keys is the server's or the KMS's business. Nor on Ceph RGW 16.2, which answers 501
     * to the copy of an SSE-C object that re-keys it.
     */
    Set<OperationType> keyLifecycle(List<String> providers) {
        return this == SSE_C && !providers.contains("CEPH") ? Set.of(OperationType.ROTATE_KEY, OperationType.REENCRYPT)
                : Set.of(OperationType.REENCRYPT);
    }

    /** Whether a write's answer says the server encrypted in this mode (Ceph 16.2 answers SSE-S3 without it). */
    boolean confirmedBy(ServerSideEncryption serverSideEncryption, String customerAlgorithm) {
        return switch (this) {
            case SSE_S3 -> serverSideEncryption == ServerSideEncryption.AES256;
            case SSE_KMS -> serverSideEncryption == ServerSideEncryption.AWS_KMS;
            case SSE_C -> "AES256".equals(customerAlgorithm);
        };
    }
}
