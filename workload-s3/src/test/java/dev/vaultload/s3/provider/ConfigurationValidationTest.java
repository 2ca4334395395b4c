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
        assertRefused(new CephProviderFactory(), Map.of(), "Invalid AWS_URL: unset; expected");
    }

    @Test
    void awsUrlMustBeHostPortOrHttpUrl() {
        assertRefused(new CephProviderFactory(), Map.of("AWS_URL", "ftp://127.0.0.1:21"), "Invalid AWS_URL='ftp://127.0.0.1:21': expected host:port");
        assertRefused(new CephProviderFactory(), Map.of("AWS_URL", "http://127.0.0.1:7480/some/path"), "Invalid AWS_URL='http://127.0.0.1:7480/some/path': expected host:port");
    }

    @Test
    void anEndpointListNamesTheBadEndpointOrWeight() {
        assertRefused(new CephProviderFactory(), Map.of("AWS_URL", "127.0.0.1:7480,ftp://127.0.0.1:21"),
                "Invalid AWS_URL='ftp://127.0.0.1:21': expected host:port");
        assertRefused(new CephProviderFactory(), Map.of("AWS_URL", "127.0.0.1:7480*0,127.0.0.1:7481"),
                "Invalid AWS_URL='127.0.0.1:7480*0,127.0.0.1:7481': weight '0'; expected ENDPOINT*WEIGHT with a whole number from 1 to 1000");
        assertRefused(new CephProviderFactory(), Map.of("AWS_URL", "127.0.0.1:7480,http://127.0.0.1:7480"),
                "Invalid AWS_URL='127.0.0.1:7480,http://127.0.0.1:7480': http://127.0.0.1:7480 is listed twice");
        assertRefused(new MinioProviderFactory(), Map.of("MINIO_URL", "127.0.0.1:9000,", "AWS_ACCESS_KEY", "id", "AWS_SECRET_KEY", "s"),
                "Invalid MINIO_URL='': expected host:port");
    }

    @Test
    void keysComeInPairs() {
        assertRefused(new CephProviderFactory(), Map.of("AWS_URL", "127.0.0.1:1", "AWS_ACCESS_KEY", "id"),
                "Invalid AWS_SECRET_KEY: unset while AWS_ACCESS_KEY is set; expected both");
    }

    @Test
    void amazonNeedsABucket() {
        assertRefused(new AmazonProviderFactory(), Map.of(), "Invalid AWS_BUCKET: unset; expected the name of an existing bucket");
    }

    @Test
    void bucketNamesAreChecked() {
        assertRefused(new EmbeddedProviderFactory(), Map.of("AWS_BUCKET", "Not_A_Bucket"), "Invalid AWS_BUCKET='Not_A_Bucket': expected 3-63 characters");
    }

    @Test
    void numbersAreChecked() {
        assertRefused(new EmbeddedProviderFactory(), Map.of("S3_MAX_CONNECTIONS", "many"), "Invalid S3_MAX_CONNECTIONS='many': expected an integer within [1, 10000]");
        assertRefused(new EmbeddedProviderFactory(), Map.of("S3_PART_SIZE_MIB", "4"), "Invalid S3_PART_SIZE_MIB='4': expected an integer within [5, 1024]");
        assertRefused(new EmbeddedProviderFactory(), Map.of("THREADS", "2,x"), "Invalid THREADS='2,x': expected a comma-separated list");
    }

    @Test
    void embeddedBackendIsOneOfTwo() {
        assertRefused(new EmbeddedProviderFactory(), Map.of("EMBEDDED_S3_BACKEND", "memory"),
                "Invalid EMBEDDED_S3_BACKEND='memory': expected one of [filesystem, transient]");
    }

    @Test
    void caPathMustBeAFile() {
        assertRefused(new EmbeddedProviderFactory(), Map.of("CA_PATH", "/nonexistent/ca.pem"), "Invalid CA_PATH='/nonexistent/ca.pem': expected a readable PEM file");
    }

    @Test
    void minioBinaryMustBeExecutable() {
        assertRefused(new MinioProviderFactory(), Map.of("MINIO_BINARY", "/nonexistent/minio"), "Invalid MINIO_BINARY='/nonexistent/minio': expected an executable");
    }

    @Test
    void minioUrlNeedsKeys() {
        assertRefused(new MinioProviderFactory(), Map.of("MINIO_URL", "127.0.0.1:9000"), "Invalid MINIO_URL: set without AWS_ACCESS_KEY and AWS_SECRET_KEY");
    }

    @Test
    void endpointsAcceptHostPortAndUrls() {
        assertEquals("http://127.0.0.1:7480", S3Endpoints.parse("AWS_URL", "127.0.0.1:7480").toString());
        assertEquals("https://s3.example.org:8443", S3Endpoints.parse("AWS_URL", "https://s3.example.org:8443/").toString());
        assertEquals("http://localhost", S3Endpoints.parse("AWS_URL", "HTTP://localhost").toString());
    }

    /** A bare host went quietly to port 80: host:port must name its port (a URL's scheme names its own). */
    @Test
    void aBareHostWithoutPortIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> S3Endpoints.parse("MINIO_URL", "localhost"));
        assertTrue(refused.getMessage().startsWith("Invalid MINIO_URL='localhost': expected host:port"), refused.getMessage());
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
