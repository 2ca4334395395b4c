package dev.vaultload.s3.provider;


import dev.vaultload.storage.StorageFootprint;
import dev.vaultload.storage.StorageProviderFactory;
import java.util.function.Function;

/**
 * AMAZON: AWS S3 at the regional endpoint of AWS_REGION, bucket AWS_BUCKET (required, must exist), credentials
 * AWS_ACCESS_KEY/AWS_SECRET_KEY or the SDK's default credential chain.
 */
public final class AmazonProviderFactory implements StorageProviderFactory {

    public static final String NAME = "AMAZON";

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
        S3ProviderSettings settings = S3ProviderSettings.read(config, null);
        var clientSettings = settings.clientSettings(null, S3ProviderSettings.credentials(config).orElse(null));
        return S3StorageProvider.start(NAME, settings, clientSettings, null);
    }
}
