package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.Map;

import dev.vaultload.s3.S3BlobStore;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.storage.BlobStoreException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Each way of failing says what failed, where, and for whom, in one line, and quickly. Against a real S3Proxy. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClearFailureTest {

    private EmbeddedS3Server server;

    @BeforeAll
    void startServer() {
        server = EmbeddedS3Server.start(EmbeddedS3Server.TRANSIENT);
        try (S3Connection connection = S3Connection.open(S3ClientSettings.of(server.endpoint(), server.credentials()))) {
            connection.createBucket(S3ProviderSettings.DEFAULT_BUCKET);
        }
    }

    @AfterAll
    void stopServer() {
        server.close();
    }

    @Test
    void wrongSecretIsOneLineWithEndpointAccessKeyIdAndStatusButNoSecret() {
        String wrongSecret = "wrong-secret-0123456789abcdef";
        BlobStoreException failure = assertThrows(BlobStoreException.class, () -> new CephProviderFactory().start(TestConfig.of(Map.of(
                "AWS_URL", server.endpoint().toString(),
                "AWS_ACCESS_KEY", server.credentials().accessKeyId(),
                "AWS_SECRET_KEY", wrongSecret))));
        assertEquals(BlobStoreException.Kind.CLIENT, failure.kind());
        String message = failure.getMessage();
        assertTrue(message.contains(server.endpoint().toString()), message);
        assertTrue(message.contains(server.credentials().accessKeyId()), message);
        assertTrue(message.contains("HTTP 403"), message);
        assertFalse(message.contains(wrongSecret), message);
        assertFalse(message.contains(server.credentials().secretKey()), message);
        assertFalse(message.contains("\n"), message);
    }

    @Test
    void unknownAccessKeyIdIsAClientError() {
        BlobStoreException failure = assertThrows(BlobStoreException.class, () -> new CephProviderFactory().start(TestConfig.of(Map.of(
                "AWS_URL", server.endpoint().toString(), "AWS_ACCESS_KEY", "nobody", "AWS_SECRET_KEY", "nothing-at-all"))));
        assertEquals(BlobStoreException.Kind.CLIENT, failure.kind());
        assertTrue(failure.getMessage().contains("access key id nobody"), failure.getMessage());
    }

    @Test
    void endpointNotListeningFailsWithinSeconds() {
        String deadEndpoint = "127.0.0.1:" + LocalServers.freeLoopbackPort();
        long startNanos = System.nanoTime();
        BlobStoreException failure = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(BlobStoreException.class,
                () -> new CephProviderFactory().start(TestConfig.of(Map.of(
                        "AWS_URL", deadEndpoint, "AWS_ACCESS_KEY", "someone", "AWS_SECRET_KEY", "something")))));
        long elapsedMillis = (System.nanoTime() - startNanos) / 1_000_000;
        assertTrue(elapsedMillis < 5_000, "took " + elapsedMillis + " ms");
        assertEquals(BlobStoreException.Kind.SERVER, failure.kind());
        assertTrue(failure.getMessage().contains("http://" + deadEndpoint), failure.getMessage());
    }

    @Test
    void missingBucketOnAServerTheProviderDidNotStartIsNamed() {
        BlobStoreException failure = assertThrows(BlobStoreException.class, () -> new CephProviderFactory().start(TestConfig.of(Map.of(
                "AWS_URL", server.endpoint().toString(),
                "AWS_ACCESS_KEY", server.credentials().accessKeyId(),
                "AWS_SECRET_KEY", server.credentials().secretKey(),
                "AWS_BUCKET", "no-such-bucket"))));
        assertEquals(BlobStoreException.Kind.CLIENT, failure.kind());
        assertTrue(failure.getMessage().contains("no-such-bucket"), failure.getMessage());
        assertTrue(failure.getMessage().contains(server.endpoint().toString()), failure.getMessage());
    }

    @Test
    void serverStoppedMidUseGivesServerErrorsAndCountsRetries() {
        EmbeddedS3Server doomed = EmbeddedS3Server.start(EmbeddedS3Server.TRANSIENT);
        try (S3Connection connection = S3Connection.open(S3ClientSettings.of(doomed.endpoint(), doomed.credentials()))) {
            connection.createBucket("doomed");
            S3BlobStore store = connection.bucket("doomed", S3TransferSettings.DEFAULT);
            store.put("k", new ByteArrayInputStream(new byte[] {1}), 1);
            doomed.close();
            BlobStoreException failure = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> assertThrows(BlobStoreException.class, () -> store.get("k")));
            assertEquals(BlobStoreException.Kind.SERVER, failure.kind(), failure.getMessage());
            assertTrue(failure.getMessage().startsWith("GetObject s3://doomed/k at " + doomed.endpoint()), failure.getMessage());
            assertEquals(S3ClientSettings.DEFAULT_MAX_ATTEMPTS - 1, connection.retries("GetObject"));
            assertEquals(Map.of("GetObject", 2L), connection.retriesByOperation());
        } finally {
            doomed.close();
        }
    }
}
