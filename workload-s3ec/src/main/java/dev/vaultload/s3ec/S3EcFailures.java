package dev.vaultload.s3ec;

import dev.vaultload.engine.EngineException;
import java.security.GeneralSecurityException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.encryption.s3.S3EncryptionClientException;
import software.amazon.encryption.s3.S3EncryptionClientSecurityException;

/**
 * S3EC's failures as the harness's classes. The client wraps everything in {@link S3EncryptionClientException}, so
 * the cause chain decides: the store's answer (a missing key, a refusal, a broken connection) is a store failure; a
 * data key no key of the reader unwraps is ACCESS_DENIED; a failed tag, a failed key commitment or missing
 * encryption metadata is INTEGRITY.
 */
final class S3EcFailures {
    private S3EcFailures() {
    }

    static RuntimeException onRead(BucketObjects objects, String key, RuntimeException failure) {
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

    /** S3Keyring's words for a data key the keyring cannot unwrap, or was not made for. */
    private static boolean unwrapFailed(String message) {
        return message != null && (message.startsWith("Unable to ") && message.contains(" unwrap")
                || message.startsWith("Unknown key provider") || message.startsWith("The keyring does not support"));
    }
}
