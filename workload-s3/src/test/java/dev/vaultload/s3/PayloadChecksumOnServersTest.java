package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vaultload.s3.provider.CephProviderFactory;
import dev.vaultload.s3.provider.EmbeddedProviderFactory;
import dev.vaultload.s3.provider.MinioProviderFactory;
import dev.vaultload.s3.provider.S3Settings;
import dev.vaultload.s3.provider.S3StorageProvider;
import dev.vaultload.s3.provider.TestConfig;
import dev.vaultload.storage.BlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * What each server does with the CRC32C that {@link DirectPutObject} sends instead of a signed payload: a server that
 * checks it refuses a body that does not match and stores nothing; one that ignores it stores the body. Which server
 * does which is stated here and in docs/storage-providers.md; a server that changes its behaviour fails this test.
 */
class PayloadChecksumOnServersTest {

    enum Server {
        /** S3Proxy over its filesystem store. */
        EMBEDDED(true, () -> new EmbeddedProviderFactory().start(Map.<String, String>of()::get)),
        MINIO(true, () -> {
            assumeTrue(System.getenv("MINIO_BINARY") != null, "MINIO_BINARY not set: scripts/start-minio.sh binary builds one");
            return new MinioProviderFactory().start(Map.of("MINIO_BINARY", System.getenv("MINIO_BINARY"))::get);
        }),
        /** Ceph RGW 16.2 does not know the flexible checksums of 2022: it ignores the header. */
        CEPH(false, () -> {
            Optional<Map<String, String>> ceph = TestConfig.cephFromEnvironment();
            assumeTrue(ceph.isPresent(), "CEPH_AWS_URL not set: start Ceph with scripts/start-ceph.sh");
            return new CephProviderFactory().start(ceph.get()::get);
        });

        final boolean checksChecksum;
        final Supplier<S3StorageProvider> start;

        Server(boolean checksChecksum, Supplier<S3StorageProvider> start) {
            this.checksChecksum = checksChecksum;
            this.start = start;
        }
    }

    @ParameterizedTest
    @EnumSource(Server.class)
    void aBodyThatDoesNotMatchItsChecksumIsRefusedWhereTheServerChecksIt(Server server) throws IOException {
        try (S3StorageProvider provider = server.start.get();
             BlobStore store = provider.openBucket(provider.defaultBucket());
             PooledTransport transport = new PooledTransport(endpoint(provider), 2, S3Timeouts.DEFAULT, null)) {
            Map<String, String> access = provider.directAccess();
            DirectPutObject put = new DirectPutObject(new DirectRequests(transport, endpoint(provider),
                    access.get(S3Settings.AWS_REGION.name()),
                    StaticCredentialsProvider.create(AwsBasicCredentials.create(access.get(S3Settings.AWS_ACCESS_KEY.name()),
                            access.get(S3Settings.AWS_SECRET_KEY.name()))),
                    AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(1).build(), new RetryCounter(),
                    new EndpointStats(endpoint(provider).toString())));
            byte[] content = "the body the checksum was not computed from".getBytes(StandardCharsets.UTF_8);
            String key = "payload-checksum-" + UUID.randomUUID();
            String checksumOfOtherBytes = DirectPutObjectTest.crc32cBase64("other bytes".getBytes(StandardCharsets.UTF_8));

            if (server.checksChecksum) {
                S3Exception refused = assertThrows(S3Exception.class, () ->
                        put.put(provider.defaultBucket(), key, DirectPutObjectTest.buffered(content), checksumOfOtherBytes));
                assertEquals(400, refused.statusCode(), refused.getMessage());
                assertFalse(store.exists(key), "a refused body must not be stored");
            } else {
                put.put(provider.defaultBucket(), key, DirectPutObjectTest.buffered(content), checksumOfOtherBytes);
                try (InputStream stored = store.get(key)) {
                    assertArrayEquals(content, stored.readAllBytes());
                }
            }
            put.put(provider.defaultBucket(), key, DirectPutObjectTest.buffered(content));
            try (InputStream stored = store.get(key)) {
                assertArrayEquals(content, stored.readAllBytes(), "the right checksum is accepted everywhere");
            }
        }
    }

    private static URI endpoint(S3StorageProvider provider) {
        return URI.create(provider.directAccess().get(S3Settings.AWS_URL.name()));
    }
}
