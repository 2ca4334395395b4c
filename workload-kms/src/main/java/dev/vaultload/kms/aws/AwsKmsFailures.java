package dev.vaultload.kms.aws;

import dev.vaultload.kms.FailureKinds;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.storage.BlobStoreException.Kind;
import java.io.IOException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * The SDK's exceptions as {@link KeyManagerException}s: the service's refusals by status and error code
 * (ThrottlingException and 429 LIMIT_EXCEEDED), the SDK's call timeouts TIMEOUT, a call that reached no server by
 * {@link FailureKinds#ofTransport}. One line each, the SDK's own text with request ids left out.
 */
final class AwsKmsFailures {

    private AwsKmsFailures() {
    }

    /** @param what the KMS, the operation and the key, e.g. {@code AWS KMS at http://...: Decrypt with key 'k'} */
    static KeyManagerException translate(SdkException failure, String what) {
        if (failure instanceof AwsServiceException refused) {
            Kind kind = refused.isThrottlingException() ? Kind.LIMIT_EXCEEDED : FailureKinds.ofStatus(refused.statusCode());
            String code = refused.awsErrorDetails() == null ? "" : " " + refused.awsErrorDetails().errorCode();
            String reason = refused.awsErrorDetails() == null || refused.awsErrorDetails().errorMessage() == null
                    ? "" : ": " + refused.awsErrorDetails().errorMessage();
            return new KeyManagerException(kind, what + " refused: HTTP " + refused.statusCode() + code + reason, failure);
        }
        if (failure instanceof ApiCallTimeoutException || failure instanceof ApiCallAttemptTimeoutException) {
            return new KeyManagerException(Kind.TIMEOUT, what + " timed out: " + FailureKinds.describe(failure), failure);
        }
        if (hasIoCause(failure)) {
            return new KeyManagerException(FailureKinds.ofTransport(failure), what + " failed: "
                    + FailureKinds.describe(FailureKinds.rootCause(failure)), failure);
        }
        return new KeyManagerException(Kind.OTHER, what + " failed: " + FailureKinds.describe(failure), failure);
    }

    private static boolean hasIoCause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException) {
                return true;
            }
        }
        return false;
    }
}
