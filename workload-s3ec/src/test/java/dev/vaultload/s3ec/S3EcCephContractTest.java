package dev.vaultload.s3ec;

import dev.vaultload.storage.StorageProvider;

/** S3EC's contract on Ceph RGW (when CEPH_AWS_URL is set). */
class S3EcCephContractTest extends S3EcEngineContractTest {

    @Override
    StorageProvider startProvider() {
        return TestServers.ceph();
    }
}
