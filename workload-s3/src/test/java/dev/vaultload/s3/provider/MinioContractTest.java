package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;
import java.util.Optional;

/** The contract on a MinIO the provider starts itself (Testcontainers where Docker answers, else the binary). */
class MinioContractTest extends S3BlobStoreContract {

    @Override
    S3StorageProvider startProvider() {
        Optional<String> binary = TestConfig.minioBinary();
        assumeTrue(binary.isPresent() || MinioContainer.dockerAvailable(),
                "no minio binary and no Docker: scripts/start-minio.sh binary builds one");
        return new MinioProviderFactory().start(TestConfig.of(TestConfig.SMALL_REQUESTS,
                binary.map(path -> Map.of("MINIO_BINARY", path)).orElse(Map.of())));
    }
}
