package dev.vaultload.s3.provider;

import dev.vaultload.s3.S3BlobStore;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.storage.StorageProvider;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A started S3 provider: one {@link S3Connection} shared by the stores of all its buckets, and the server it started,
 * if any. Buckets are created only on a server the provider started; elsewhere a missing bucket is an error.
 */
public final class S3StorageProvider implements StorageProvider {

    private final String name;
    private final S3ProviderSettings settings;
    private final S3ClientSettings clientSettings;
    private final S3Connection connection;
    private final S3Server ownedServer;

    private S3StorageProvider(String name, S3ProviderSettings settings, S3ClientSettings clientSettings,
                              S3Connection connection, S3Server ownedServer) {
        this.name = name;
        this.settings = settings;
        this.clientSettings = clientSettings;
        this.connection = connection;
        this.ownedServer = ownedServer;
    }

    /**
     * Connects and checks (or creates) the default bucket, so that bad credentials or a dead endpoint fail here.
     *
     * @param ownedServer the server this provider started and stops on close, or null for an existing endpoint
     */
    static S3StorageProvider start(String name, S3ProviderSettings settings, S3ClientSettings clientSettings,
                                   S3Server ownedServer) {
        S3Connection connection;
        try {
            connection = S3Connection.open(clientSettings);
        } catch (RuntimeException e) {
            if (ownedServer != null) {
                ownedServer.close();
            }
            throw e;
        }
        S3StorageProvider provider = new S3StorageProvider(name, settings, clientSettings, connection, ownedServer);
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
        return start(name, settings, settings.clientSettings(server.endpoint(), server.credentials()), server);
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

    /** The endpoint, region, default bucket and key pair, under the settings' names. */
    @Override
    public Map<String, String> directAccess() {
        Map<String, String> access = new LinkedHashMap<>();
        if (clientSettings.endpoint() != null) {
            access.put(S3Settings.AWS_URL.name(), clientSettings.endpoint().toString());
        }
        access.put(S3Settings.AWS_REGION.name(), clientSettings.region());
        access.put(S3Settings.AWS_BUCKET.name(), settings.bucket());
        if (clientSettings.credentials() != null) {
            access.put(S3Settings.AWS_ACCESS_KEY.name(), clientSettings.credentials().accessKeyId());
            access.put(S3Settings.AWS_SECRET_KEY.name(), clientSettings.credentials().secretKey());
        }
        return access;
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
