package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineFactory;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A server-side mode a server lacks is refused before the run, in one line naming the server and the mode. */
class SseEngineFactoryTest {

    private static String refusal(String engine, Map<String, String> settings) {
        EngineFactory factory = Engines.named(engine);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> factory.check(
                new EngineOptions(CipherSuite.AES256_GCM, EngineOptions.DEFAULT_KDF_ITERATIONS, settings::get)));
        assertEquals(1, refused.getMessage().lines().count(), refused.getMessage());
        return refused.getMessage();
    }

    private static void accepted(String engine, Map<String, String> settings) {
        assertDoesNotThrow(() -> Engines.named(engine).check(
                new EngineOptions(CipherSuite.AES256_GCM, EngineOptions.DEFAULT_KDF_ITERATIONS, settings::get)));
    }

    @Test
    void cephHasNoSseS3() {
        assertEquals("Invalid ENGINES='SSE_S3' on STORAGE_PROVIDERS='CEPH': Ceph RGW 16.2 answers 200 to SSE-S3 and"
                + " stores the object in plain text (it has no SSE-S3 KMS)", refusal("SSE_S3", Map.of("STORAGE_PROVIDERS", "MINIO,CEPH",
                "MINIO_URL", "https://127.0.0.1:9000")));
        accepted("SSE_KMS", Map.of("STORAGE_PROVIDERS", "CEPH"));
        accepted("SSE_C", Map.of("STORAGE_PROVIDERS", "CEPH"));
    }

    @Test
    void minioNeedsTlsForSseCAndAProviderStartedOneHasTheKmsKeyForTheOthers() {
        assertEquals("Invalid ENGINES='SSE_C' on STORAGE_PROVIDERS='MINIO': MinIO accepts SSE-C only over TLS: start it"
                + " with MINIO_TLS=1 scripts/start-minio.sh (https MINIO_URL, CA_PATH)",
                refusal("SSE_C", Map.of("STORAGE_PROVIDERS", "MINIO", "MINIO_URL", "http://127.0.0.1:9000")));
        assertEquals(true, refusal("SSE_C", Map.of("STORAGE_PROVIDERS", "MINIO"))
                .startsWith("Invalid ENGINES='SSE_C' on STORAGE_PROVIDERS='MINIO': MinIO accepts SSE-C only over TLS, which"
                        + " a MinIO the provider starts has not"));
        accepted("SSE_KMS", Map.of("STORAGE_PROVIDERS", "MINIO"));
        accepted("SSE_S3", Map.of("STORAGE_PROVIDERS", "MINIO"));
        accepted("SSE_C", Map.of("STORAGE_PROVIDERS", "MINIO", "MINIO_URL", "https://127.0.0.1:9000"));
        accepted("SSE_S3", Map.of("STORAGE_PROVIDERS", "MINIO", "MINIO_URL", "http://127.0.0.1:9000"));
    }

    @Test
    void storesWithoutServerSideEncryptionAreRefused() {
        assertEquals("Invalid ENGINES='SSE_S3' on STORAGE_PROVIDERS='EMBEDDED': S3Proxy ignores server-side encryption and"
                + " keeps objects in plain text", refusal("SSE_S3", Map.of()));
        assertEquals(true, refusal("SSE_C", Map.of("STORAGE_PROVIDERS", "FILESYSTEM"))
                .startsWith("Invalid STORAGE_PROVIDERS='FILESYSTEM' for ENGINES=SSE_C"));
        accepted("SSE_S3", Map.of("STORAGE_PROVIDERS", "AMAZON"));
    }
}
