package dev.vaultload.s3ec;

import dev.vaultload.storage.StorageProvider;

/** SSE_C's contract on MinIO (when it runs: see {@link TestServers}). */
class SseCMinioContractTest extends SseEngineContract {

    @Override
    SseMode mode() {
        return SseMode.SSE_C;
    }

    @Override
    StorageProvider startProvider() {
        return TestServers.minio();
    }
}
