package dev.vaultload.s3ec;

import dev.vaultload.storage.StorageProvider;

/** SSE_KMS's contract on Ceph RGW (when it runs: see {@link TestServers}). */
class SseKmsCephContractTest extends SseEngineContract {

    @Override
    SseMode mode() {
        return SseMode.SSE_KMS;
    }

    @Override
    StorageProvider startProvider() {
        return TestServers.ceph();
    }
}
