package dev.vaultload.kms.aws;

import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.KeyManagerFactory;
import dev.vaultload.kms.KmsSettings;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.kms.KmsClient;
import software.amazon.awssdk.services.kms.KmsClientBuilder;

/**
 * The AWS KMS API through the AWS SDK v2's {@link KmsClient}: AWS itself, or with AWS_KMS_URL an emulator such as
 * local-kms: binding {@code AWS_KMS}.
 */
public final class AwsKmsKeyManagerFactory implements KeyManagerFactory {
    public static final String NAME = "AWS_KMS";
    /** More than any pressure run's threads: a thread never waits for a pooled connection. */
    private static final int MAX_CONNECTIONS = 1024;
    /** Emulators check no signature, but the SDK signs every call. */
    private static final AwsBasicCredentials PLACEHOLDER = AwsBasicCredentials.create("vaultload", "vaultload");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public KeyManager open(Function<String, String> settings) {
        String keyId = KmsSettings.AWS_KMS_KEY_ID.require(settings, "a key id, key ARN or alias of the AWS KMS");
        Optional<URI> url = KmsSettings.AWS_KMS_URL.find(settings);
        Region region = Region.of(KmsSettings.AWS_KMS_REGION.read(settings));
        Duration timeout = KmsSettings.KMS_TIMEOUT.read(settings);
        AwsCredentialsProvider credentials = url.isPresent() ? StaticCredentialsProvider.create(PLACEHOLDER)
                : DefaultCredentialsProvider.builder().build();
        KmsClientBuilder client = KmsClient.builder().region(region).credentialsProvider(credentials)
                .httpClientBuilder(ApacheHttpClient.builder().maxConnections(MAX_CONNECTIONS)
                        .connectionTimeout(timeout).socketTimeout(timeout))
                // one call per operation: a pressure run counts every refusal, as the KMS answered it
                .overrideConfiguration(configuration -> configuration.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .apiCallTimeout(timeout));
        url.ifPresent(client::endpointOverride);
        String description = "AWS KMS at " + url.map(URI::toString).orElse("AWS " + region);
        return new AwsKmsKeyManager(client.build(), description, keyId);
    }
}
