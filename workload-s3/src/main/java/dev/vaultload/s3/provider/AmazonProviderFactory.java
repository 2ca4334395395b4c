package dev.vaultload.s3.provider;

import java.util.function.Function;

import dev.vaultload.storage.StorageProviderFactory;

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
    public S3StorageProvider start(Function<String, String> configSource) {
        ProviderConfig config = new ProviderConfig(configSource);
        S3ProviderSettings settings = S3ProviderSettings.read(config, null);
        var clientSettings = settings.clientSettings(null, S3ProviderSettings.credentials(config).orElse(null));
        return S3StorageProvider.start(NAME, settings, clientSettings, null);
    }
}
