package dev.vaultload.storage;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A started storage backend (a directory, an S3 server the suite started, an existing endpoint) that hands
 * out one {@link BlobStore} per bucket. {@link #close()} stops whatever the provider itself started.
 */
public interface StorageProvider extends AutoCloseable {

    /** The provider's name as given in STORAGE_PROVIDERS, e.g. {@code FILESYSTEM}, {@code MINIO}. */
    String name();

    /** The store for one bucket (or namespace); the bucket is created if the provider owns the server. */
    BlobStore openBucket(String bucket);

    /** The bucket used by single-bucket runs. */
    String defaultBucket();

    /**
     * How a client of its own reaches this provider's default bucket, under the settings' names (for an S3 store:
     * AWS_URL, AWS_REGION, AWS_BUCKET, AWS_ACCESS_KEY, AWS_SECRET_KEY), for an engine that talks to the store
     * directly; empty for stores without such access. Holds secrets: never logged or reported.
     */
    default Map<String, String> directAccess() {
        return Map.of();
    }

    /** Retries the provider's client made so far, by store call (e.g. {@code PutObject}); empty for stores without retries. */
    default Optional<Map<String, Long>> retriesByOperation() {
        return Optional.empty();
    }

    /**
     * The requests each endpoint of the provider answered so far, in the configured order: one entry per endpoint of
     * an S3 provider (several for an endpoint list); empty for stores without endpoints.
     */
    default List<EndpointRequests> requestsByEndpoint() {
        return List.of();
    }

    @Override
    void close();
}
