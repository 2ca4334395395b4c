package dev.vaultload.s3.provider;

import dev.vaultload.run.RunSettings;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.S3Timeouts;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.settings.Setting;
import dev.vaultload.storage.StorageFootprint;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * The configuration every S3 provider shares, read and validated before anything starts. Endpoint and credentials
 * are added once known, since a provider that starts its own server only learns them then.
 *
 * <p>The settings are declared in {@link S3Settings}.
 */
record S3ProviderSettings(String bucket, String region, Path caPath, int maxConnections, int maxAttempts,
                          S3Timeouts timeouts, S3TransferSettings transfer) {

    static final String DEFAULT_BUCKET = "vaultload";

    /** @param defaultBucket the bucket when AWS_BUCKET is unset, or null to require it */
    static S3ProviderSettings read(ProviderConfig config, String defaultBucket) {
        return new S3ProviderSettings(
                bucket(config, defaultBucket),
                config.valueOrDefault(S3Settings.AWS_REGION),
                config.optional(S3Settings.CA_PATH).orElse(null),
                config.valueOr(S3Settings.S3_MAX_CONNECTIONS, defaultMaxConnections(config)),
                config.valueOrDefault(S3Settings.S3_MAX_ATTEMPTS),
                new S3Timeouts(
                        config.valueOrDefault(S3Settings.S3_CONNECT_TIMEOUT_MILLIS),
                        config.valueOrDefault(S3Settings.S3_SOCKET_TIMEOUT_MILLIS),
                        config.valueOrDefault(S3Settings.S3_API_CALL_ATTEMPT_TIMEOUT_MILLIS),
                        config.valueOrDefault(S3Settings.S3_API_CALL_TIMEOUT_MILLIS)),
                new S3TransferSettings(
                        config.valueOrDefault(S3Settings.S3_PART_SIZE_MIB) << 20,
                        config.valueOrDefault(S3Settings.S3_LIST_PAGE_SIZE),
                        config.valueOrDefault(S3Settings.S3_DELETE_BATCH_SIZE)));
    }

    /** @param defaultBucket the bucket when AWS_BUCKET is unset, or null to require it */
    private static String bucket(ProviderConfig config, String defaultBucket) {
        return defaultBucket == null ? config.required(S3Settings.AWS_BUCKET, "the name of an existing bucket")
                : config.valueOr(S3Settings.AWS_BUCKET, defaultBucket);
    }

    /** AWS_ACCESS_KEY and AWS_SECRET_KEY, both or neither (then the SDK's default credential chain applies). */
    static Optional<S3Credentials> credentials(ProviderConfig config) {
        Optional<String> accessKey = config.optional(S3Settings.AWS_ACCESS_KEY);
        Optional<String> secretKey = config.optional(S3Settings.AWS_SECRET_KEY);
        if (accessKey.isPresent() != secretKey.isPresent()) {
            Setting<String> unset = accessKey.isPresent() ? S3Settings.AWS_SECRET_KEY : S3Settings.AWS_ACCESS_KEY;
            Setting<String> set = accessKey.isPresent() ? S3Settings.AWS_ACCESS_KEY : S3Settings.AWS_SECRET_KEY;
            throw new IllegalArgumentException("Invalid " + unset.name() + ": unset while " + set.name() + " is set;"
                    + " expected both, or neither for the SDK's default credential chain");
        }
        return accessKey.map(id -> new S3Credentials(id, secretKey.orElseThrow()));
    }

    /** @param credentials null for the SDK's default credential chain */
    S3ClientSettings clientSettings(URI endpoint, S3Credentials credentials) {
        return new S3ClientSettings(endpoint, region, credentials, caPath, maxConnections, maxAttempts, timeouts);
    }

    /** Two connections per thread: a thread may hold a GET stream open while it writes. */
    private static int defaultMaxConnections(ProviderConfig config) {
        int maxThreads = config.valueOrDefault(RunSettings.THREADS).stream().mapToInt(Integer::intValue).max().orElseThrow();
        return Math.max(16, 2 * maxThreads);
    }

    /**
     * What an S3 provider's client keeps of a run in this JVM: one part of S3_PART_SIZE_MIB per thread that writes
     * (openOutput buffers a part before it uploads it); reads stream. The server's memory and disk are its own.
     */
    static StorageFootprint partBuffers(StorageFootprint.Load load, Function<String, String> configSource) {
        long partBytes = (long) new ProviderConfig(configSource).valueOrDefault(S3Settings.S3_PART_SIZE_MIB) << 20;
        return new StorageFootprint(load.threads() * partBytes, Optional.empty(), 0,
                "a part of S3_PART_SIZE_MIB per thread writing in the heap");
    }
}
