package dev.vaultload.s3;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import dev.vaultload.storage.EndpointRequests;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import javax.net.ssl.TrustManager;

import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.TrustedCertificates;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

/**
 * One S3 client (AWS SDK v2, sync, Apache HTTP client) to one endpoint, shared by the {@link S3BlobStore}s of all its
 * buckets, with its retry counters. On an explicit endpoint without a proxy, reads take {@link DirectGetObject} and
 * single-request writes {@link DirectPutObject}, on a {@link PooledTransport} of their own (MAX_CONNECTIONS
 * connections beside the client's) and the same retry strategy. Thread-safe. Closing it closes the client and so every store it handed out.
 */
public final class S3Connection implements AutoCloseable {

    private final SdkHttpClient http;
    /** The direct requests' connections, on an explicit endpoint; null on AWS. */
    private final PooledTransport directTransport;
    private final S3Client client;
    private final ObjectOpener opener;
    private final ObjectPutter putter;
    private final RetryCounter retryCounter;
    private final EndpointStats endpointStats;
    private final S3ErrorTranslator errors;

    private S3Connection(S3ClientSettings settings) {
        TrustManager[] trustManagers = settings.caPath() == null ? null : TrustedCertificates.fromPem(settings.caPath());
        this.http = buildHttpClient(settings, trustManagers);
        this.retryCounter = new RetryCounter();
        this.endpointStats = new EndpointStats(settings.endpointDescription());
        RetryStrategy retryStrategy = AwsRetryStrategy.standardRetryStrategy().toBuilder()
                .maxAttempts(settings.maxAttempts()).build();
        AwsCredentialsProvider credentials = credentialsProvider(settings.credentials());
        this.client = buildClient(settings, http, credentials, retryStrategy, retryCounter, endpointStats);
        if (settings.endpoint() == null || proxyConfigured(System::getProperty, System::getenv)) {
            this.directTransport = null;
            this.opener = (bucket, key, range) -> client.getObject(request -> request.bucket(bucket).key(key).range(range));
            this.putter = (bucket, key, content) -> ObjectWriter.sdkPut(client, bucket, key, content);
        } else {
            this.directTransport = new PooledTransport(settings.endpoint(), settings.maxConnections(), settings.timeouts(),
                    trustManagers);
            DirectRequests direct = new DirectRequests(directTransport, settings.endpoint(), settings.region(), credentials,
                    retryStrategy, retryCounter, endpointStats);
            this.opener = new DirectGetObject(direct)::open;
            this.putter = new DirectPutObject(direct)::put;
        }
        this.errors = new S3ErrorTranslator(settings);
    }

    /**
     * Whether the SDK's Apache client would send through a proxy: its defaults read {@code http.proxyHost}, else the
     * {@code HTTP_PROXY} variable. The direct GET connects straight to the endpoint, so with a proxy configured reads
     * and writes take the SDK's GetObject and PutObject instead (a host the proxy settings exempt takes it too: slower, never wrong).
     */
    static boolean proxyConfigured(UnaryOperator<String> systemProperty, UnaryOperator<String> environment) {
        return Stream.of(systemProperty.apply("http.proxyHost"), environment.apply("HTTP_PROXY"), environment.apply("http_proxy"))
                .anyMatch(value -> value != null && !value.isBlank());
    }

    /** Builds the client; nothing is sent until the first request. */
    public static S3Connection open(S3ClientSettings settings) {
        return new S3Connection(settings);
    }

    /** The store of one bucket; the bucket is not checked (see {@link #bucketExists}). */
    public S3BlobStore bucket(String bucket, S3TransferSettings transfer) {
        return new S3BlobStore(EndpointRotation.single(this), bucket, transfer);
    }

    /**
     * The store of one bucket reached through every one of {@code connections} (endpoints of one cluster), each
     * serving {@code weights.get(i)} shares of the calls; see {@link EndpointRotation}.
     */
    public static S3BlobStore bucketAcross(List<S3Connection> connections, List<Integer> weights, String bucket,
                                           S3TransferSettings transfer) {
        return new S3BlobStore(EndpointRotation.weighted(connections, weights), bucket, transfer);
    }

    /** The requests this connection's endpoint answered so far, for an endpoint of {@code weight} shares. */
    public EndpointRequests requests(int weight) {
        return endpointStats.snapshot(weight);
    }

    S3Client client() {
        return client;
    }

    ObjectOpener opener() {
        return opener;
    }

    ObjectPutter putter() {
        return putter;
    }

    S3ErrorTranslator errors() {
        return errors;
    }

    /** True if the bucket exists and these credentials may use it; fails with a CLIENT error if they may not (403). */
    public boolean bucketExists(String bucket) {
        try {
            client.headBucket(request -> request.bucket(bucket));
            return true;
        } catch (SdkServiceException e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw errors.translate(e, "HeadBucket", bucket, null);
        } catch (SdkException e) {
            throw errors.translate(e, "HeadBucket", bucket, null);
        }
    }

    /**
     * The server's clock: the {@code Date} header of a HeadBucket, whole seconds (RFC 1123); empty when the server
     * sends none.
     */
    public Optional<Instant> serverDate(String bucket) {
        try {
            return client.headBucket(request -> request.bucket(bucket)).sdkHttpResponse().firstMatchingHeader("Date")
                    .map(date -> ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
        } catch (SdkException e) {
            throw errors.translate(e, "HeadBucket", bucket, null);
        }
    }

    public void createBucket(String bucket) {
        try {
            client.createBucket(request -> request.bucket(bucket));
        } catch (SdkException e) {
            throw errors.translate(e, "CreateBucket", bucket, null);
        }
    }

    /** A CLIENT error naming the bucket, endpoint and access key id, for a bucket that must exist but does not. */
    public BlobStoreException missingBucket(String bucket) {
        return new BlobStoreException(BlobStoreException.Kind.CLIENT, "bucket " + bucket + " does not exist at "
                + errors.endpoint() + " and this provider does not create buckets on a server it did not start"
                + " (set AWS_BUCKET to an existing bucket or create it)");
    }

    /** Retries the SDK made so far for one operation, e.g. {@code retries("PutObject")}. */
    public long retries(String operation) {
        return retryCounter.retries(operation);
    }

    /** Retries per operation name so far, for every operation that retried. */
    public Map<String, Long> retriesByOperation() {
        return retryCounter.snapshot();
    }

    @Override
    public void close() {
        client.close();
        http.close(); // handed to the client ready-made, so the client leaves it open
        if (directTransport != null) {
            directTransport.close();
        }
    }

    /** {@code trustManagers}: the CA_PATH certificates', or null for the JDK's trust store. */
    // SDK 2.56 deprecates the Apache 4 client for apache5-client; the pom, PooledGetTransport and the S3 path's
    // measurements (docs/measurements/) are on the Apache 4 client, so it stays until they move together.
    @SuppressWarnings("deprecation")
    private static SdkHttpClient buildHttpClient(S3ClientSettings settings, TrustManager[] trustManagers) {
        S3Timeouts timeouts = settings.timeouts();
        ApacheHttpClient.Builder http = ApacheHttpClient.builder()
                .maxConnections(settings.maxConnections())
                .connectionTimeout(timeouts.connect())
                .socketTimeout(timeouts.socket())
                .connectionAcquisitionTimeout(timeouts.apiCallAttempt());
        if (trustManagers != null) {
            http.tlsTrustManagersProvider(() -> trustManagers);
        }
        return http.build();
    }

    private static S3Client buildClient(S3ClientSettings settings, SdkHttpClient http, AwsCredentialsProvider credentials,
                                        RetryStrategy retryStrategy, RetryCounter retryCounter, EndpointStats endpointStats) {
        S3Timeouts timeouts = settings.timeouts();
        S3ClientBuilder builder = S3Client.builder()
                .httpClient(http)
                .region(Region.of(settings.region()))
                .credentialsProvider(credentials)
                // Ceph RGW rejects the SDK's default trailing checksums (ceph-single-node.md); S3 and MinIO accept both.
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .overrideConfiguration(override -> override
                        .retryStrategy(retryStrategy)
                        .apiCallAttemptTimeout(timeouts.apiCallAttempt())
                        .apiCallTimeout(timeouts.apiCall())
                        .addExecutionInterceptor(retryCounter)
                        .addExecutionInterceptor(endpointStats));
        if (settings.endpoint() != null) {
            builder.endpointOverride(settings.endpoint()).forcePathStyle(true);
        }
        return builder.build();
    }

    private static AwsCredentialsProvider credentialsProvider(S3Credentials credentials) {
        return credentials == null
                ? DefaultCredentialsProvider.builder().build()
                : StaticCredentialsProvider.create(AwsBasicCredentials.create(credentials.accessKeyId(), credentials.secretKey()));
    }
}
