package dev.vaultload.s3ec;

import dev.vaultload.engine.EngineException;
import dev.vaultload.kms.KeyManagerException;
import java.security.GeneralSecurityException;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.encryption.s3.S3EncryptionClientException;
import software.amazon.encryption.s3.S3EncryptionClientSecurityException;

/**
 * S3EC's failures as the harness's classes. The client wraps everything in {@link S3EncryptionClientException}, so
 * the cause chain decides: the store's answer (a missing key, a refusal, a broken connection) is a store failure;
 * the KMS keyring's failed call is the {@code KeyManagerException} {@link TimedKmsCalls} read it as (on a read, also
 * when S3EC dropped it but the reader's last KMS call failed: {@link CallerKmsCalls#lastCallFailure}); a data key no
 * key of the reader unwraps, or bound to another object's key, is ACCESS_DENIED; a failed tag, a failed key
 * commitment or missing encryption metadata is INTEGRITY.
 */
final class S3EcFailures {
    private S3EcFailures() {
    }

    /** @param lastKmsFailure the failure of the reader's last KMS call for this object, if it failed */
    static RuntimeException onRead(BucketObjects objects, String key, RuntimeException failure,
                                   Optional<KeyManagerException> lastKmsFailure) {
        Optional<KeyManagerException> kms = kms(objects, key, failure)
                .or(() -> lastKmsFailure.map(read -> naming(objects, key, read, failure)));
        if (kms.isPresent()) {
            return kms.get();
        }
        boolean cryptographic = false;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof NoSuchKeyException || cause instanceof SdkServiceException) {
                return objects.translate(cause, key);
            }
            if (cause instanceof S3EncryptionClientSecurityException || cause instanceof GeneralSecurityException) {
                cryptographic = true;
            }
            if (cause instanceof S3EncryptionClientException && unwrapFailed(cause.getMessage())) {
                return new EngineException(EngineException.Reason.ACCESS_DENIED, "no key of the reader unwraps the data key", failure).about(key);
            }
        }
        if (cryptographic || failure instanceof S3EncryptionClientException) {
            return new EngineException(EngineException.Reason.INTEGRITY, "S3EC refused the object: " + failure.getMessage(), failure).about(key);
        }
        return objects.translate(failure, key);
    }

    /** A write's failure: the KMS keyring's failed call, else the store's. */
    static RuntimeException onWrite(BucketObjects objects, String key, RuntimeException failure) {
        return kms(objects, key, failure).map(RuntimeException.class::cast).orElseGet(() -> objects.translate(failure, key));
    }

    /** The KMS keyring's failed call in {@code failure}'s cause chain as {@link TimedKmsCalls} read it, naming the object. */
    static Optional<KeyManagerException> kms(BucketObjects objects, String key, RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            for (Throwable suppressed : cause.getSuppressed()) {
                if (suppressed instanceof KeyManagerException read) {
                    return Optional.of(naming(objects, key, read, failure));
                }
            }
        }
        return Optional.empty();
    }

    /** The KMS call's failure {@code read}, naming the object, {@code failure} (S3EC's) as its cause. */
    private static KeyManagerException naming(BucketObjects objects, String key, KeyManagerException read,
                                              RuntimeException failure) {
        return new KeyManagerException(read.kind(), "s3://" + objects.bucket() + "/" + key + ": " + read.getMessage(),
                failure);
    }

    /**
     * S3Keyring's words for a data key the keyring cannot unwrap, or was not made for; and KmsKeyring's for an
     * object whose encryption context (its key where it was written) is not the reader's request's.
     */
    private static boolean unwrapFailed(String message) {
        return message != null && (message.startsWith("Unable to ") && message.contains(" unwrap")
                || message.startsWith("Unknown key provider") || message.startsWith("The keyring does not support")
                || message.startsWith("Provided encryption context does not match"));
    }
}
