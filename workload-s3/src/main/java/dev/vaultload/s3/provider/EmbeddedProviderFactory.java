package dev.vaultload.s3.provider;

import dev.vaultload.storage.StorageProviderFactory;
import java.util.function.Function;

/**
 * EMBEDDED: a real S3 HTTP server (S3Proxy) started inside the JVM on 127.0.0.1, with no setup. EMBEDDED_S3_BACKEND
 * selects {@code filesystem} (default, a temporary directory) or {@code transient} (heap: short runs only). Buckets
 * are created on demand; everything is deleted on close.
 */
public final class EmbeddedProviderFactory implements StorageProviderFactory {

    public static final String NAME = "EMBEDDED";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public S3StorageProvider start(Function<String, String> configSource) {
        ProviderConfig config = new ProviderConfig(configSource);
        String backend = config.valueOrDefault(S3Settings.EMBEDDED_S3_BACKEND);
        S3ProviderSettings settings = S3ProviderSettings.read(config, S3ProviderSettings.DEFAULT_BUCKET);
        EmbeddedS3Server server = EmbeddedS3Server.start(backend);
        return S3StorageProvider.startOn(NAME, settings, server);
    }
}
