package dev.vaultload.s3.provider;

import dev.vaultload.run.RunSettings;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.S3Timeouts;
import dev.vaultload.s3.S3TransferSettings;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * The configuration every S3 provider shares, read and validated before anything starts. Endpoint and credentials
 * are added once known, since a provider that starts its own server only learns them then.
 *
 * <p>The settings are declared in {@link S3Settings}.
 */
record S3ProviderSettings(String bucket, String region, Path caPath, int maxConnections, int maxAttempts,
                          S3Timeouts timeouts, S3TransferSettings transfer) {

    static final String DEFAULT_BUCKET = "vaultload";
    private static final int MAX_INT_SETTING = Integer.MAX_VALUE;

    /** @param defaultBucket the bucket when AWS_BUCKET is unset, or null to require it */
    static S3ProviderSettings read(ProviderConfig config, String defaultBucket) {
        return new S3ProviderSettings(
                config.bucket(S3Settings.AWS_BUCKET, defaultBucket),
                config.valueOrDefault(S3Settings.AWS_REGION),
                config.readableFile(S3Settings.CA_PATH).orElse(null),
                config.intWithin(S3Settings.S3_MAX_CONNECTIONS, defaultMaxConnections(config), 1, 10_000),
                config.intWithin(S3Settings.S3_MAX_ATTEMPTS, 1, 20),
                new S3Timeouts(
                        config.intWithin(S3Settings.S3_CONNECT_TIMEOUT_MILLIS, 1, MAX_INT_SETTING),
                        config.intWithin(S3Settings.S3_SOCKET_TIMEOUT_MILLIS, 1, MAX_INT_SETTING),
                        config.intWithin(S3Settings.S3_API_CALL_ATTEMPT_TIMEOUT_MILLIS, 1, MAX_INT_SETTING),
                        config.intWithin(S3Settings.S3_API_CALL_TIMEOUT_MILLIS, 1, MAX_INT_SETTING)),
                new S3TransferSettings(
                        config.intWithin(S3Settings.S3_PART_SIZE_MIB,
                                S3TransferSettings.MIN_PART_SIZE_BYTES >> 20, S3TransferSettings.MAX_PART_SIZE_BYTES >> 20) << 20,
                        config.intWithin(S3Settings.S3_LIST_PAGE_SIZE, 1, S3TransferSettings.MAX_KEYS_PER_REQUEST),
                        config.intWithin(S3Settings.S3_DELETE_BATCH_SIZE, 1, S3TransferSettings.MAX_KEYS_PER_REQUEST)));
    }

    /** AWS_ACCESS_KEY and AWS_SECRET_KEY, both or neither (then the SDK's default credential chain applies). */
    static Optional<S3Credentials> credentials(ProviderConfig config) {
        Optional<String> accessKey = config.optional(S3Settings.AWS_ACCESS_KEY);
        Optional<String> secretKey = config.optional(S3Settings.AWS_SECRET_KEY);
        if (accessKey.isPresent() != secretKey.isPresent()) {
            throw new IllegalArgumentException("AWS_ACCESS_KEY and AWS_SECRET_KEY must be set together (or neither, for"
                    + " the SDK's default credential chain); only " + (accessKey.isPresent() ? "AWS_ACCESS_KEY" : "AWS_SECRET_KEY") + " is set");
        }
        return accessKey.map(id -> new S3Credentials(id, secretKey.orElseThrow()));
    }

    /** @param credentials null for the SDK's default credential chain */
    S3ClientSettings clientSettings(URI endpoint, S3Credentials credentials) {
        return new S3ClientSettings(endpoint, region, credentials, caPath, maxConnections, maxAttempts, timeouts);
    }

    /** Two connections per thread: a thread may hold a GET stream open while it writes. */
    private static int defaultMaxConnections(ProviderConfig config) {
        int maxThreads = config.optional(RunSettings.THREADS).map(threads -> Arrays.stream(threads.split(","))
                .mapToInt(value -> parseThreads(threads, value)).max().orElse(1)).orElse(8);
        return Math.max(16, 2 * maxThreads);
    }

    private static int parseThreads(String threads, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("THREADS must be a comma-separated list of thread counts, e.g. 2,4,8, got '" + threads + "'");
        }
    }
}
