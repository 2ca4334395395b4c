package dev.vaultload.s3.provider;

import dev.vaultload.s3.S3BlobStore;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3Credentials;
import dev.vaultload.storage.EndpointRequests;
import dev.vaultload.storage.StorageProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * A started S3 provider: one {@link S3Connection} per endpoint (several for an endpoint list: one cluster reached
 * through several gateways), shared by the stores of all its buckets, and the server it started, if any. Buckets are
 * created only on a server the provider started; elsewhere a missing bucket is an error.
 */
public final class S3StorageProvider implements StorageProvider {

    private final String name;
    private final S3ProviderSettings settings;
    /** The first endpoint's settings: what {@link #directAccess()} hands out. */
    private final S3ClientSettings clientSettings;
    private final List<S3Connection> connections;
    private final List<Integer> weights;
    private final S3Server ownedServer;

    private S3StorageProvider(String name, S3ProviderSettings settings, S3ClientSettings clientSettings,
                              List<S3Connection> connections, List<Integer> weights, S3Server ownedServer) {
        this.name = name;
        this.settings = settings;
        this.clientSettings = clientSettings;
        this.connections = List.copyOf(connections);
        this.weights = List.copyOf(weights);
        this.ownedServer = ownedServer;
    }

    /**
     * Connects and checks (or creates) the default bucket, so that bad credentials or a dead endpoint fail here.
     *
     * @param ownedServer the server this provider started and stops on close, or null for an existing endpoint
     */
    static S3StorageProvider start(String name, S3ProviderSettings settings, S3ClientSettings clientSettings,
                                   S3Server ownedServer) {
        return start(name, settings, List.of(clientSettings), List.of(1), ownedServer);
    }

    /** Connects to existing endpoints of one cluster, each with its weight, and checks the default bucket on each. */
    static S3StorageProvider startAcross(String name, S3ProviderSettings settings, List<S3Endpoints.Weighted> endpoints,
                                         S3Credentials credentials) {
        return start(name, settings, endpoints.stream().map(endpoint -> settings.clientSettings(endpoint.uri(), credentials)).toList(),
                endpoints.stream().map(S3Endpoints.Weighted::weight).toList(), null);
    }

    private static S3StorageProvider start(String name, S3ProviderSettings settings, List<S3ClientSettings> clientSettings,
                                           List<Integer> weights, S3Server ownedServer) {
        List<S3Connection> connections = new ArrayList<>();
        try {
            for (S3ClientSettings endpoint : clientSettings) {
                connections.add(S3Connection.open(endpoint));
            }
        } catch (RuntimeException e) {
            connections.forEach(S3Connection::close);
            if (ownedServer != null) {
                ownedServer.close();
            }
            throw e;
        }
        S3StorageProvider provider = new S3StorageProvider(name, settings, clientSettings.getFirst(), connections, weights,
                ownedServer);
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
        for (S3Connection connection : connections) {
            if (!connection.bucketExists(bucket)) {
                if (ownedServer == null) {
                    throw connection.missingBucket(bucket);
                }
                connection.createBucket(bucket);
            }
        }
        return connections.size() == 1 ? connection().bucket(bucket, settings.transfer())
                : S3Connection.bucketAcross(connections, weights, bucket, settings.transfer());
    }

    @Override
    public String defaultBucket() {
        return settings.bucket();
    }

    /** The (first) endpoint's connection and its retry counters: {@code connection().retries("PutObject")}. */
    public S3Connection connection() {
        return connections.getFirst();
    }

    /** The (first) endpoint, region, default bucket and key pair, under the settings' names. */
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
        Map<String, Long> retries = new TreeMap<>();
        connections.forEach(connection -> connection.retriesByOperation().forEach((operation, count) ->
                retries.merge(operation, count, Long::sum)));
        return Optional.of(retries);
    }

    @Override
    public List<EndpointRequests> requestsByEndpoint() {
        return IntStream.range(0, connections.size()).mapToObj(i -> connections.get(i).requests(weights.get(i))).toList();
    }

    @Override
    public void close() {
        try {
            connections.forEach(S3Connection::close);
        } finally {
            if (ownedServer != null) {
                ownedServer.close();
            }
        }
    }
}
