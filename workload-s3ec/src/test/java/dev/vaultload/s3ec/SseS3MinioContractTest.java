package dev.vaultload.s3ec;

import dev.vaultload.storage.StorageProvider;

/** SSE_S3's contract on MinIO (when it runs: see {@link TestServers}). */
class SseS3MinioContractTest extends SseEngineContract {

    @Override
    SseMode mode() {
        return SseMode.SSE_S3;
    }

    @Override
    StorageProvider startProvider() {
        return TestServers.minio();
    }
}
