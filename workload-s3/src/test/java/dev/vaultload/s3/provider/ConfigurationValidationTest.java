package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.storage.StorageProviderFactory;
import dev.vaultload.storage.StorageProviders;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bad configuration is refused before anything starts, naming the property and what it accepts. */
class ConfigurationValidationTest {

    @Test
    void unknownProviderListsTheKnownOnes() {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                () -> StorageProviders.named("NOPE"));
        assertEquals("STORAGE_PROVIDERS: unknown storage provider 'NOPE'; known: EMBEDDED, MINIO, CEPH, AMAZON, MEMORY, FILESYSTEM", failure.getMessage());
    }

    @Test
    void providersAreFoundByNameIgnoringCase() {
        assertEquals("MINIO", StorageProviders.named(" minio ").name());
    }

    @Test
    void cephNeedsAwsUrl() {
        assertRefused(new CephProviderFactory(), Map.of(), "AWS_URL is required");
    }

    @Test
    void awsUrlMustBeHostPortOrHttpUrl() {
        assertRefused(new CephProviderFactory(), Map.of("AWS_URL", "ftp://127.0.0.1:21"), "AWS_URL must be host:port");
        assertRefused(new CephProviderFactory(), Map.of("AWS_URL", "http://127.0.0.1:7480/some/path"), "AWS_URL must be host:port");
    }

    @Test
    void keysComeInPairs() {
        assertRefused(new CephProviderFactory(), Map.of("AWS_URL", "127.0.0.1:1", "AWS_ACCESS_KEY", "id"),
                "AWS_ACCESS_KEY and AWS_SECRET_KEY must be set together");
    }

    @Test
    void amazonNeedsABucket() {
        assertRefused(new AmazonProviderFactory(), Map.of(), "AWS_BUCKET is required");
    }

    @Test
    void bucketNamesAreChecked() {
        assertRefused(new EmbeddedProviderFactory(), Map.of("AWS_BUCKET", "Not_A_Bucket"), "AWS_BUCKET must be 3-63 characters");
    }

    @Test
    void numbersAreChecked() {
        assertRefused(new EmbeddedProviderFactory(), Map.of("S3_MAX_CONNECTIONS", "many"), "S3_MAX_CONNECTIONS must be an integer within [1, 10000]");
        assertRefused(new EmbeddedProviderFactory(), Map.of("S3_PART_SIZE_MIB", "4"), "S3_PART_SIZE_MIB must be an integer within [5, 1024]");
        assertRefused(new EmbeddedProviderFactory(), Map.of("THREADS", "2,x"), "THREADS must be a comma-separated list");
    }

    @Test
    void embeddedBackendIsOneOfTwo() {
        assertRefused(new EmbeddedProviderFactory(), Map.of("EMBEDDED_S3_BACKEND", "memory"),
                "EMBEDDED_S3_BACKEND must be one of [filesystem, transient], got 'memory'");
    }

    @Test
    void caPathMustBeAFile() {
        assertRefused(new EmbeddedProviderFactory(), Map.of("CA_PATH", "/nonexistent/ca.pem"), "CA_PATH must name a readable file");
    }

    @Test
    void minioBinaryMustBeExecutable() {
        assertRefused(new MinioProviderFactory(), Map.of("MINIO_BINARY", "/nonexistent/minio"), "MINIO_BINARY must name an executable");
    }

    @Test
    void minioUrlNeedsKeys() {
        assertRefused(new MinioProviderFactory(), Map.of("MINIO_URL", "127.0.0.1:9000"), "MINIO_URL needs AWS_ACCESS_KEY and AWS_SECRET_KEY");
    }

    @Test
    void endpointsAcceptHostPortAndUrls() {
        assertEquals("http://127.0.0.1:7480", S3Endpoints.parse("AWS_URL", "127.0.0.1:7480").toString());
        assertEquals("https://s3.example.org:8443", S3Endpoints.parse("AWS_URL", "https://s3.example.org:8443/").toString());
        assertEquals("http://localhost", S3Endpoints.parse("AWS_URL", "HTTP://localhost").toString());
    }

    @Test
    void everyProviderIsFoundThroughItsServicesFile() {
        assertEquals(List.of("EMBEDDED", "MINIO", "CEPH", "AMAZON", "MEMORY", "FILESYSTEM"), StorageProviders.all().stream().map(StorageProviderFactory::name).toList());
    }

    private static void assertRefused(StorageProviderFactory factory, Map<String, String> config, String expectedMessageStart) {
        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> factory.start(TestConfig.of(config)));
        assertTrue(failure.getMessage().startsWith(expectedMessageStart), failure.getMessage());
    }
}
