package dev.vaultload.s3;

import java.io.IOException;
import java.net.SocketTimeoutException;

import javax.net.ssl.SSLHandshakeException;

import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.BlobStoreException.Kind;
import org.apache.http.conn.ConnectTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * Turns the SDK's exceptions into {@link BlobStoreException}s of the kind the statistics count, with a one-line message
 * that names the operation, bucket, key, endpoint, HTTP status and access key id, never the secret.
 */
final class S3ErrorTranslator {

    private final String endpoint;
    private final String accessKeyId;

    S3ErrorTranslator(S3ClientSettings settings) {
        this.endpoint = settings.endpointDescription();
        this.accessKeyId = settings.accessKeyIdDescription();
    }

    String endpoint() {
        return endpoint;
    }

    /** @param key the object's key, or null for a bucket-level operation */
    BlobStoreException translate(RuntimeException failure, String operation, String bucket, String key) {
        if (failure instanceof BlobStoreException alreadyTranslated) {
            return alreadyTranslated;
        }
        if (failure instanceof SdkServiceException service) {
            return fromStatus(service, operation, bucket, key);
        }
        return fromCause(failure, operation, bucket, key);
    }

    /** A failure while reading an object's stream, after GetObject returned. */
    BlobStoreException translateRead(IOException failure, String bucket, String key) {
        Kind kind = failure instanceof SocketTimeoutException ? Kind.TIMEOUT : Kind.SERVER;
        return new BlobStoreException(kind, message("reading GetObject stream", bucket, key, describeCause(kind, failure)), failure);
    }

    /** A per-key error reported inside a successful DeleteObjects response. */
    BlobStoreException translateDeleteError(String code, String errorMessage, String bucket, String key, int failedKeys) {
        Kind kind = switch (code == null ? "" : code) {
            case "SlowDown" -> Kind.LIMIT_EXCEEDED;
            case "InternalError", "ServiceUnavailable" -> Kind.SERVER;
            default -> Kind.CLIENT;
        };
        String detail = failedKeys + " key(s) not deleted, first: " + code + ": " + errorMessage;
        return new BlobStoreException(kind, message("DeleteObjects", bucket, key, detail));
    }

    private BlobStoreException fromStatus(SdkServiceException failure, String operation, String bucket, String key) {
        int status = failure.statusCode();
        String code = failure instanceof AwsServiceException aws && aws.awsErrorDetails() != null
                ? aws.awsErrorDetails().errorCode() : null;
        if (status == 404 && key != null && (code == null || "NoSuchKey".equals(code))) {
            return new BlobNotFoundException(key, "s3://" + bucket + " at " + endpoint);
        }
        Kind kind;
        if (status == 429 || status == 503) {
            kind = Kind.LIMIT_EXCEEDED;
        } else if (status >= 500) {
            kind = Kind.SERVER;
        } else if (status >= 400) {
            kind = Kind.CLIENT;
        } else {
            kind = Kind.OTHER;
        }
        String errorMessage = failure instanceof AwsServiceException aws && aws.awsErrorDetails() != null
                ? aws.awsErrorDetails().errorMessage() : null;
        StringBuilder detail = new StringBuilder("HTTP ").append(status);
        if (code != null) {
            detail.append(' ').append(code);
        }
        if (errorMessage != null) {
            detail.append(": ").append(errorMessage);
        }
        if (status == 403) {
            detail.append(" (wrong AWS_ACCESS_KEY/AWS_SECRET_KEY, or no permission for this bucket)");
        }
        return new BlobStoreException(kind, message(operation, bucket, key, detail.toString()), failure);
    }

    private BlobStoreException fromCause(RuntimeException failure, String operation, String bucket, String key) {
        Kind kind = Kind.OTHER;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApiCallTimeoutException || cause instanceof ApiCallAttemptTimeoutException
                    || cause instanceof SocketTimeoutException || cause instanceof ConnectTimeoutException) {
                kind = Kind.TIMEOUT;
                break;
            }
            if (cause instanceof SSLHandshakeException) {
                kind = Kind.CLIENT; // almost always a server certificate this client does not trust
                break;
            }
            if (cause instanceof IOException) {
                kind = Kind.SERVER; // refused, reset or closed connection: keep looking for a timeout underneath
            }
        }
        return new BlobStoreException(kind, message(operation, bucket, key, describeCause(kind, failure)), failure);
    }

    private static String describeCause(Kind kind, Throwable failure) {
        String what = switch (kind) {
            case TIMEOUT -> "timed out";
            case SERVER -> "connection failed";
            case CLIENT -> "TLS handshake failed (is the server's CA in CA_PATH or the JDK trust store?)";
            default -> "failed in the client";
        };
        return what + ": " + failure.getMessage();
    }

    private String message(String operation, String bucket, String key, String detail) {
        String target = key == null ? "s3://" + bucket : "s3://" + bucket + "/" + key;
        String line = operation + " " + target + " at " + endpoint + " failed: " + detail + " (access key id " + accessKeyId + ")";
        return line.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }
}
