package dev.vaultload.s3.provider;

import dev.vaultload.s3.S3BlobStore;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.storage.StorageProvider;
import java.util.Map;
import java.util.Optional;

/**
 * A started S3 provider: one {@link S3Connection} shared by the stores of all its buckets, and the server it started,
 * if any. Buckets are created only on a server the provider started; elsewhere a missing bucket is an error.
 */
public final class S3StorageProvider implements StorageProvider {

    private final String name;
    private final S3ProviderSettings settings;
    private final S3Connection connection;
    private final S3Server ownedServer;

    private S3StorageProvider(String name, S3ProviderSettings settings, S3Connection connection, S3Server ownedServer) {
        this.name = name;
        this.settings = settings;
        this.connection = connection;
        this.ownedServer = ownedServer;
    }

    /**
     * Connects and checks (or creates) the default bucket, so that bad credentials or a dead endpoint fail here.
     *
     * @param ownedServer the server this provider started and stops on close, or null for an existing endpoint
     */
    static S3StorageProvider start(String name, S3ProviderSettings settings, S3Connection connection, S3Server ownedServer) {
        S3StorageProvider provider = new S3StorageProvider(name, settings, connection, ownedServer);
        try {
            provider.openBucket(settings.bucket());
            return provider;
        } catch (RuntimeException e) {
            provider.close();
            throw e;
        }
    }

    /** Connects to a server this provider started; the server is stopped if that fails, or on {@link #close()}. */
    static S3StorageProvider startOn(String name, S3ProviderSettings settings, S3Server server) {
        S3Connection connection;
        try {
            connection = S3Connection.open(settings.clientSettings(server.endpoint(), server.credentials()));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return start(name, settings, connection, server);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public S3BlobStore openBucket(String bucket) {
        if (!connection.bucketExists(bucket)) {
            if (ownedServer == null) {
                throw connection.missingBucket(bucket);
            }
            connection.createBucket(bucket);
        }
        return connection.bucket(bucket, settings.transfer());
    }

    @Override
    public String defaultBucket() {
        return settings.bucket();
    }

    /** The connection's retry counters: {@code connection().retries("PutObject")}. */
    public S3Connection connection() {
        return connection;
    }

    @Override
    public Optional<Map<String, Long>> retriesByOperation() {
        return Optional.of(connection.retriesByOperation());
    }

    @Override
    public void close() {
        try {
            connection.close();
        } finally {
            if (ownedServer != null) {
                ownedServer.close();
            }
        }
    }
}
