package dev.vaultload.kms.aws;

import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.KeyManagerFactory;
import dev.vaultload.kms.KmsSettings;
import java.util.List;
import java.util.function.Function;
import software.amazon.awssdk.services.kms.KmsClient;

/**
 * The AWS KMS API through the AWS SDK v2's {@link KmsClient}: AWS itself, or with AWS_KMS_URL an emulator such as
 * local-kms: binding {@code AWS_KMS}.
 */
public final class AwsKmsKeyManagerFactory implements KeyManagerFactory {
    public static final String NAME = "AWS_KMS";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public KeyManager open(Function<String, String> settings) {
        String keyId = KmsSettings.AWS_KMS_KEY_ID.require(settings, "a key id, key ARN or alias of the AWS KMS");
        return new AwsKmsKeyManager(AwsKmsClients.open(settings, List.of()), AwsKmsClients.description(settings),
                keyId);
    }
}
