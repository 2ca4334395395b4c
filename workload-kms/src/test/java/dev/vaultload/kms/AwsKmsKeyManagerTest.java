package dev.vaultload.kms;

import dev.vaultload.kms.aws.AwsKmsKeyManagerFactory;
import java.util.Map;

/** The AWS_KMS binding against local-kms of scripts/start-local-kms.sh. */
class AwsKmsKeyManagerTest extends RemoteKeyManagerContract {
    @Override
    String kms() {
        return AwsKmsKeyManagerFactory.NAME;
    }

    @Override
    Map<String, String> endpointAt(int port) {
        return Map.of(KmsSettings.AWS_KMS_URL.name(), "http://127.0.0.1:" + port);
    }
}
