package dev.vaultload.s3ec;

import dev.vaultload.kms.KmsServers;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.aws.AwsKmsKeyManagerFactory;
import java.util.Map;
import java.util.function.Function;

/**
 * S3EC's contract with S3EC_KEYRING=KMS through the real local-kms (skipped without it unless
 * VAULTLOAD_REQUIRE_KMS=true), on the embedded S3 server: the same guarantees as the raw keyrings, a moved document
 * refused because its object key is its data key's encryption context.
 */
class S3EcKmsContractTest extends S3EcEngineContractTest {

    @Override
    Map<String, String> settings() {
        Map<String, String> settings = super.settings();
        Function<String, String> kms = KmsServers.settings(AwsKmsKeyManagerFactory.NAME);
        for (String name : new String[] {KmsSettings.AWS_KMS_URL.name(), KmsSettings.AWS_KMS_KEY_ID.name(),
                KmsSettings.AWS_KMS_REGION.name()}) {
            if (kms.apply(name) != null) {
                settings.put(name, kms.apply(name));
            }
        }
        settings.put(AwsEngineSettings.S3EC_KEYRING.name(), S3EcKeyring.KMS.name());
        return settings;
    }
}
