package dev.vaultload.s3;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenResponse;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.RetryToken;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.utils.http.SdkHttpUtils;

/**
 * What the requests sent without the SDK's pipeline ({@link DirectGetObject}, {@link DirectPutObject}) share: the
 * endpoint's object paths, the signature ({@link RequestSigner}), the transport ({@link PooledTransport}), and the
 * {@link RetryStrategy} the {@link software.amazon.awssdk.services.s3.S3Client} also uses. The SDK's pipeline
 * (execution attributes, interceptors, marshalling, response unmarshalling, metrics) costs several times the CPU of a
 * small request itself, whatever the HTTP client: for a load tool the difference between measuring the server and
 * measuring itself (figures: docs/measurements/2026-11-23-direct-get-cpu.md). A non-2xx answer comes out as the
 * {@link S3Exception} the SDK would have thrown (status, error code and message from the XML body), so retries and
 * {@link S3ErrorTranslator} treat both paths alike. Thread-safe.
 */
final class DirectRequests {
    /** An S3 error document is a few hundred bytes; more is not an error document worth keeping. */
    private static final int ERROR_BODY_LIMIT_BYTES = 16 * 1024;
    private static final Pattern CODE = Pattern.compile("<Code>([^<]*)</Code>");
    private static final Pattern MESSAGE = Pattern.compile("<Message>([^<]*)</Message>");

    private final PooledTransport transport;
    private final String basePath;
    private final AwsCredentialsProvider credentials;
    private final RetryStrategy retryStrategy;
    private final RetryCounter retryCounter;
    private final RequestSigner signer;
    private final EndpointStats stats;

    DirectRequests(PooledTransport transport, URI endpoint, String region, AwsCredentialsProvider credentials,
                   RetryStrategy retryStrategy, RetryCounter retryCounter, EndpointStats stats) {
        this.transport = transport;
        this.stats = stats;
        this.basePath = basePath(endpoint);
        this.credentials = credentials;
        this.retryStrategy = retryStrategy;
        this.retryCounter = retryCounter;
        this.signer = new RequestSigner(endpoint, region, Clock.systemUTC());
    }

    /** One attempt sent by {@code call}, counted for the endpoint; an I/O failure is the SDK's (retryable) client exception. */
    PooledTransport.Response exchange(String operation, TransportCall call) {
        long sentNanos = stats.sent();
        try {
            PooledTransport.Response response = call.send(transport);
            stats.answered(sentNanos, response.status());
            return response;
        } catch (IOException e) {
            throw ioFailure(operation, e);
        }
    }

    @FunctionalInterface
    interface TransportCall {
        PooledTransport.Response send(PooledTransport transport) throws IOException;
    }

    String objectPath(String bucket, String key) {
        return objectPath(basePath, bucket, key);
    }

    /** The headers that sign {@code method} of {@code path} with the current credentials and {@code amzHeaders}. */
    Map<String, String> sign(String method, String path, Map<String, String> amzHeaders) {
        return signer.sign(method, path, amzHeaders, credentials.resolveCredentials());
    }

    /** Runs {@code attempt} until it succeeds or the retry strategy gives up; failures are {@link SdkException}s. */
    <T> T withRetries(String operation, Supplier<T> attempt) {
        AcquireInitialTokenResponse initial = retryStrategy.acquireInitialToken(AcquireInitialTokenRequest.create(operation));
        RetryToken token = initial.token();
        pause(operation, initial.delay());
        while (true) {
            try {
                T result = attempt.get();
                retryStrategy.recordSuccess(RecordSuccessRequest.create(token));
                return result;
            } catch (SdkException failure) {
                try {
                    var refreshed = retryStrategy.refreshRetryToken(
                            RefreshRetryTokenRequest.builder().token(token).failure(failure).build());
                    token = refreshed.token();
                    retryCounter.countRetry(operation);
                    pause(operation, refreshed.delay());
                } catch (TokenAcquisitionFailedException noMoreAttempts) {
                    throw failure;
                }
            }
        }
    }

    /** A failure to connect, send or read an answer, as the SDK reports it (retryable). */
    static SdkClientException ioFailure(String operation, IOException e) {
        return SdkClientException.builder().message(operation + ": " + e.getMessage()).cause(e).build();
    }

    /** The S3Exception of a non-2xx answer, from its XML error document; closes the body. */
    static S3Exception errorOf(String operation, int status, InputStream body) {
        String document;
        try (body) {
            document = new String(body.readNBytes(ERROR_BODY_LIMIT_BYTES), StandardCharsets.UTF_8);
        } catch (IOException e) {
            document = "";
        }
        AwsErrorDetails details = AwsErrorDetails.builder()
                .errorCode(first(CODE, document))
                .errorMessage(first(MESSAGE, document))
                .serviceName("S3")
                .build();
        return (S3Exception) S3Exception.builder().statusCode(status).awsErrorDetails(details)
                .message(operation + ": HTTP " + status).build();
    }

    /** The path of an object on a path-style endpoint, under the endpoint's own path if it has one. */
    static String objectPath(URI endpoint, String bucket, String key) {
        return objectPath(basePath(endpoint), bucket, key);
    }

    private static String objectPath(String basePath, String bucket, String key) {
        return basePath + "/" + encoded(bucket, false) + "/" + encoded(key, true);
    }

    /**
     * {@code value} percent-encoded as SigV4 wants it (the SDK's encoding). Vaultload's keys (base64url segments) and
     * bucket names need none, and a scan for RFC 3986 unreserved characters costs far less than the SDK's encoder.
     */
    private static String encoded(String value, boolean keepSlashes) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean unreserved = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == '-' || c == '_' || c == '.' || c == '~';
            if (!unreserved && !(keepSlashes && c == '/')) {
                return keepSlashes ? SdkHttpUtils.urlEncodeIgnoreSlashes(value) : SdkHttpUtils.urlEncode(value);
            }
        }
        return value;
    }

    /** The endpoint's path without trailing slashes; computed once, not with a regex per request. */
    private static String basePath(URI endpoint) {
        return endpoint.getRawPath() == null ? "" : endpoint.getRawPath().replaceAll("/+$", "");
    }

    private static String first(Pattern pattern, String document) {
        Matcher matcher = pattern.matcher(document);
        return matcher.find() ? matcher.group(1) : null;
    }

    private static void pause(String operation, Duration delay) {
        if (delay.isZero() || delay.isNegative()) {
            return;
        }
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SdkClientException.create(operation + ": interrupted between attempts", e);
        }
    }
}
