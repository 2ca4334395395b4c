package dev.vaultload.s3ec;

import dev.vaultload.storage.TrustedCertificates;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.TlsTrustManagersProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * How these engines reach the run's S3 provider with clients of their own: its direct access (AWS_URL, AWS_REGION,
 * AWS_BUCKET, AWS_ACCESS_KEY, AWS_SECRET_KEY), as DATASAFE_STORAGE=NATIVE does; a binding never uses another's
 * store. Checksums only when an operation requires them: Ceph 16.2 refuses the SDK's streaming CRC32 trailers.
 *
 * @param endpoint null on AWS itself (the SDK resolves the region's endpoint)
 * @param credentials null for the SDK's default chain
 * @param caPath      CA_PATH: the PEM of a private CA to trust for an https endpoint (null: the JDK's trust store)
 */
record S3Access(URI endpoint, String region, String bucket, AwsBasicCredentials credentials, Path caPath) {
    private static final int MAX_CONNECTIONS = 256;
    private static final Duration CALL_TIMEOUT = Duration.ofMinutes(5);

    /** The provider's access, or one line saying the engine needs an S3 provider. */
    static S3Access read(String engine, Function<String, String> settings) {
        String bucket = settings.apply("AWS_BUCKET");
        if (bucket == null) {
            throw new IllegalArgumentException("Invalid STORAGE_PROVIDERS for ENGINES=" + engine
                    + ": expected an S3 storage provider (EMBEDDED, MINIO, CEPH, AMAZON), whose endpoint it writes to");
        }
        String url = settings.apply("AWS_URL");
        String accessKey = settings.apply("AWS_ACCESS_KEY");
        String caPath = settings.apply("CA_PATH");
        return new S3Access(url == null ? null : URI.create(url),
                settings.apply("AWS_REGION"), bucket,
                accessKey == null ? null : AwsBasicCredentials.create(accessKey, settings.apply("AWS_SECRET_KEY")),
                caPath == null ? null : Path.of(caPath));
    }

    /** The same access on another bucket (tests give each its own). */
    S3Access withBucket(String otherBucket) {
        return new S3Access(endpoint, region, otherBucket, credentials, caPath);
    }

    /**
     * Bodies signed whole rather than aws-chunked: Ceph RGW 16.2 refuses an empty chunked body with SSE headers (400
     * XAmzContentSHA256Mismatch, measured); every body these engines send can be read twice (bytes or a spool file).
     */
    S3Client syncClient() {
        var builder = S3Client.builder()
                .serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build())
                .httpClientBuilder(ApacheHttpClient.builder().maxConnections(MAX_CONNECTIONS).tlsTrustManagersProvider(trust()))
                .overrideConfiguration(S3Access::overrides);
        configure(builder);
        return builder.build();
    }

    S3AsyncClient asyncClient() {
        var builder = S3AsyncClient.builder()
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().maxConcurrency(MAX_CONNECTIONS).tlsTrustManagersProvider(trust()))
                .overrideConfiguration(S3Access::overrides);
        configure(builder);
        return builder.build();
    }

    /** One consumer for both: a second overrideConfiguration call would replace the first's settings. */
    private static void overrides(ClientOverrideConfiguration.Builder config) {
        config.apiCallTimeout(CALL_TIMEOUT).addExecutionInterceptor(new StoreRequestCounter());
    }

    private void configure(software.amazon.awssdk.services.s3.S3BaseClientBuilder<?, ?> builder) {
        builder.region(Region.of(region == null ? "us-east-1" : region))
                .credentialsProvider(credentialsProvider())
                .forcePathStyle(endpoint != null)
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        if (endpoint != null) {
            builder.endpointOverride(endpoint);
        }
    }

    /** CA_PATH's certificates, or null for the JDK's trust store. */
    private TlsTrustManagersProvider trust() {
        return caPath == null ? null : () -> TrustedCertificates.fromPem(caPath);
    }

    private AwsCredentialsProvider credentialsProvider() {
        return credentials == null ? DefaultCredentialsProvider.builder().build() : StaticCredentialsProvider.create(credentials);
    }

    @Override
    public String toString() {
        return "S3Access[" + (endpoint == null ? "AWS " + region : endpoint) + ", bucket " + bucket + "]";
    }
}
