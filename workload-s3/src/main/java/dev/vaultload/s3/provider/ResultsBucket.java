package dev.vaultload.s3.provider;

import dev.vaultload.s3.S3BlobStore;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3TransferSettings;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * The bucket of an s3:// RESULTS_URL, apart from the bucket under test: at RESULTS_S3_URL (else AWS_URL, else
 * AWS's own endpoint) with the run's key pair and region. It must exist: results outlive the run.
 */
public final class ResultsBucket implements AutoCloseable {
    private final S3Connection connection;
    private final String bucket;

    private ResultsBucket(S3Connection connection, String bucket) {
        this.connection = connection;
        this.bucket = bucket;
    }

    /** Connects and checks that the bucket exists, so that a wrong endpoint or key fails before the run. */
    public static ResultsBucket open(String bucket, Function<String, String> settings) {
        ProviderConfig config = new ProviderConfig(settings);
        Optional<String> endpoint = config.optional(S3Settings.RESULTS_S3_URL).or(() -> config.optional(S3Settings.AWS_URL));
        S3ProviderSettings s3 = S3ProviderSettings.read(config, S3ProviderSettings.DEFAULT_BUCKET);
        S3Connection connection = S3Connection.open(s3.clientSettings(
                endpoint.map(url -> S3Endpoints.parseList(S3Settings.RESULTS_S3_URL.name(), url).getFirst().uri()).orElse(null),
                S3ProviderSettings.credentials(config).orElse(null)));
        try {
            if (!connection.bucketExists(bucket)) {
                throw new IllegalArgumentException("the bucket of RESULTS_URL, " + bucket + ", does not exist at "
                        + endpoint.orElse("AWS's endpoint") + ": create it (results outlive the run, so Vaultload"
                        + " never makes their bucket)");
            }
            return new ResultsBucket(connection, bucket);
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    public S3BlobStore store() {
        return connection.bucket(bucket, S3TransferSettings.DEFAULT);
    }

    /** The results store's clock, to whole seconds; empty when it sends no {@code Date}. */
    public Optional<Instant> serverDate() {
        return connection.serverDate(bucket);
    }

    @Override
    public void close() {
        connection.close();
    }
}
