package dev.vaultload.s3ec;

import dev.vaultload.storage.StorageProvider;
import java.util.Map;

/** S3EC's contract on MinIO (when MINIO_URL is set), with the RSA keyring for private documents too. */
class S3EcMinioContractTest extends S3EcEngineContractTest {

    @Override
    StorageProvider startProvider() {
        return TestServers.minio();
    }

    @Override
    Map<String, String> settings() {
        Map<String, String> settings = super.settings();
        settings.put("S3EC_KEYRING", "RSA");
        return settings;
    }
}
