package dev.vaultload.s3.provider;

import dev.vaultload.storage.StorageFootprint;
import dev.vaultload.storage.StorageProviderFactory;
import java.util.function.Function;

/**
 * CEPH: an existing Ceph RADOS Gateway (or any S3 server) at AWS_URL ({@code host:port} or an http(s) URL), bucket
 * AWS_BUCKET (default {@value S3ProviderSettings#DEFAULT_BUCKET}, must exist), credentials AWS_ACCESS_KEY/AWS_SECRET_KEY
 * or the SDK's default chain. {@code scripts/start-ceph.sh} starts one on 127.0.0.1 and prints these.
 */
public final class CephProviderFactory implements StorageProviderFactory {

    public static final String NAME = "CEPH";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public StorageFootprint footprint(StorageFootprint.Load load, Function<String, String> configSource) {
        return S3ProviderSettings.partBuffers(load, configSource);
    }

    @Override
    public S3StorageProvider start(Function<String, String> configSource) {
        ProviderConfig config = new ProviderConfig(configSource);
        var endpoints = S3Endpoints.parseList(S3Settings.AWS_URL.name(), config.required(S3Settings.AWS_URL,
                "the RADOS Gateway's endpoint, host:port (e.g. 127.0.0.1:7480) or an http(s) URL; scripts/start-ceph.sh prints it"));
        S3ProviderSettings settings = S3ProviderSettings.read(config, S3ProviderSettings.DEFAULT_BUCKET);
        return S3StorageProvider.startAcross(NAME, settings, endpoints, S3ProviderSettings.credentials(config).orElse(null));
    }
}
