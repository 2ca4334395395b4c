package dev.vaultload.s3;

import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Everything the S3 client is built from.
 *
 * @param endpoint       the server, e.g. {@code http://127.0.0.1:9000}; null for AWS S3's regional endpoint
 * @param region         signing region, e.g. {@code us-east-1}
 * @param credentials    a static key pair; null for the SDK's default credential chain
 * @param caPath         PEM file with the CA certificates to trust for https; null for the JDK trust store
 * @param maxConnections size of each HTTP connection pool (the client's, the direct GET's): at least the number of threads using the client
 * @param maxAttempts    attempts per call including the first, with the SDK's standard retry strategy
 * @param timeouts       connect, socket and call timeouts
 */
public record S3ClientSettings(URI endpoint, String region, S3Credentials credentials, Path caPath, int maxConnections,
                               int maxAttempts, S3Timeouts timeouts) {

    public static final String DEFAULT_REGION = "us-east-1";
    public static final int DEFAULT_MAX_ATTEMPTS = 3;

    public S3ClientSettings {
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(timeouts, "timeouts");
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be >= 1, got " + maxConnections);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1, got " + maxAttempts);
        }
    }

    /** An endpoint with a static key pair and defaults for the rest: 16 connections, 3 attempts, {@link S3Timeouts#DEFAULT}. */
    public static S3ClientSettings of(URI endpoint, S3Credentials credentials) {
        return new S3ClientSettings(endpoint, DEFAULT_REGION, credentials, null, 16, DEFAULT_MAX_ATTEMPTS, S3Timeouts.DEFAULT);
    }

    /** The endpoint as shown in messages: the override, or AWS's regional endpoint. */
    public String endpointDescription() {
        return endpoint != null ? endpoint.toString() : "https://s3." + region + ".amazonaws.com";
    }

    /** The access key id as shown in messages; never the secret. */
    public String accessKeyIdDescription() {
        return credentials != null ? credentials.accessKeyId() : "(SDK default credential chain)";
    }
}
