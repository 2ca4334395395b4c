package dev.vaultload.s3.provider;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.storage.StorageFootprint;
import dev.vaultload.storage.StorageProviderFactory;
import java.net.URI;
import java.util.Optional;
import java.util.function.Function;

/**
 * EMBEDDED: a real S3 HTTP server (S3Proxy) started inside the JVM on 127.0.0.1, with no setup. EMBEDDED_S3_BACKEND
 * selects {@code filesystem} (default, a temporary directory) or {@code transient} (heap: short runs only). Buckets
 * are created on demand; everything is deleted on close. With EMBEDDED_S3_URL it uses a server that {@code vaultload
 * s3-server} started instead, so several processes (shards) load one store.
 */
public final class EmbeddedProviderFactory implements StorageProviderFactory {

    public static final String NAME = "EMBEDDED";

    @Override
    public String name() {
        return NAME;
    }

    /** The client's part buffers, and with the {@code transient} backend every live document in this JVM's heap too. */
    @Override
    public StorageFootprint footprint(StorageFootprint.Load load, Function<String, String> configSource) {
        StorageFootprint parts = S3ProviderSettings.partBuffers(load, configSource);
        ProviderConfig config = new ProviderConfig(configSource);
        if (config.optional(S3Settings.EMBEDDED_S3_URL).isPresent()) {
            return parts; // a server of another process keeps the documents where it runs
        }
        boolean inHeap = config.valueOrDefault(S3Settings.EMBEDDED_S3_BACKEND).equals("transient");
        return inHeap ? new StorageFootprint(parts.heapBytes() + load.liveDocumentBytes(), Optional.empty(), 0,
                "every live document (EMBEDDED_S3_BACKEND=transient) and " + parts.what())
                : parts.andOnDisk(load, LocalServers.scratchParent());
    }

    @Override
    public S3StorageProvider start(Function<String, String> configSource) {
        ProviderConfig config = new ProviderConfig(configSource);
        String backend = config.valueOrDefault(S3Settings.EMBEDDED_S3_BACKEND);
        S3ProviderSettings settings = S3ProviderSettings.read(config, S3ProviderSettings.DEFAULT_BUCKET);
        Optional<URI> shared = config.optional(S3Settings.EMBEDDED_S3_URL)
                .map(url -> S3Endpoints.parse(S3Settings.EMBEDDED_S3_URL.name(), url));
        if (shared.isPresent()) {
            S3Credentials credentials = S3ProviderSettings.credentials(config).orElseThrow(() -> new IllegalArgumentException(
                    "Invalid " + S3Settings.EMBEDDED_S3_URL.name() + ": set without " + S3Settings.AWS_ACCESS_KEY.name()
                            + " and " + S3Settings.AWS_SECRET_KEY.name() + "; expected both beside it: the pair"
                            + " `vaultload s3-server` was started with"));
            return S3StorageProvider.start(NAME, settings, settings.clientSettings(shared.get(), credentials), null);
        }
        EmbeddedS3Server server = EmbeddedS3Server.start(backend);
        return S3StorageProvider.startOn(NAME, settings, server);
    }
}
