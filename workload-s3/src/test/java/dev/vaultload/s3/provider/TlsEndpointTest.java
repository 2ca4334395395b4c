package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.S3Timeouts;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.Directories;
import org.gaul.s3proxy.BlobStores;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** https endpoints: a private CA from CA_PATH is trusted; without it the handshake fails as a CLIENT error. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TlsEndpointTest {

    private static final String STORE_PASSWORD = "changeit";

    private Path directory;
    private S3Proxy proxy;
    private URI endpoint;
    private Path caPem;
    private final S3Credentials credentials = LocalServers.randomCredentials();

    @BeforeAll
    void startHttpsServer() throws Exception {
        directory = LocalServers.createScratchDirectory("vaultload-tls-");
        Path keyStore = directory.resolve("server.p12");
        caPem = directory.resolve("ca.pem");
        Files.writeString(caPem, LoopbackCertificate.certificatePem(
                LoopbackCertificate.keyStore(keyStore, STORE_PASSWORD.toCharArray())));
        proxy = S3Proxy.builder()
                .blobStore(BlobStores.create(EmbeddedS3Server.TRANSIENT, new Properties()))
                .secureEndpoint(URI.create("https://127.0.0.1:0"))
                .keyStore(keyStore.toString(), STORE_PASSWORD)
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, credentials.accessKeyId(), credentials.secretKey())
                .ignoreUnknownHeaders(true)
                .build();
        proxy.start();
        endpoint = URI.create("https://127.0.0.1:" + proxy.getSecurePort());
        try (S3Connection connection = S3Connection.open(clientSettings(caPem))) {
            connection.createBucket(S3ProviderSettings.DEFAULT_BUCKET);
        }
    }

    @AfterAll
    void stopServer() throws Exception {
        try {
            if (proxy != null) {
                proxy.stop();
            }
        } finally {
            Directories.deleteTree(directory);
        }
    }

    @Test
    void caPathMakesThePrivateCaTrusted() throws IOException {
        try (S3StorageProvider provider = new CephProviderFactory().start(config(Map.of("CA_PATH", caPem.toString())))) {
            BlobStore bucket = provider.openBucket(S3ProviderSettings.DEFAULT_BUCKET);
            byte[] content = "over TLS".getBytes(StandardCharsets.UTF_8);
            bucket.put("tls/object", new ByteArrayInputStream(content), content.length);
            // twice: the second GET reuses the direct GET's pooled TLS connection
            for (int i = 0; i < 2; i++) {
                try (InputStream in = bucket.get("tls/object")) {
                    assertArrayEquals(content, in.readAllBytes());
                }
            }
            assertEquals(1, bucket.deletePrefix("tls/"));
        }
    }

    @Test
    void aDirectGetWithoutCaPathFailsItsHandshakeAsClientError() {
        try (S3Connection connection = S3Connection.open(clientSettings(null))) {
            BlobStore bucket = connection.bucket(S3ProviderSettings.DEFAULT_BUCKET, S3TransferSettings.DEFAULT);
            BlobStoreException failure = assertThrows(BlobStoreException.class, () -> bucket.get("any"));
            assertEquals(BlobStoreException.Kind.CLIENT, failure.kind());
            assertTrue(failure.getMessage().contains("TLS handshake failed"), failure.getMessage());
        }
    }

    @Test
    void withoutCaPathTheHandshakeFailsAsClientError() {
        BlobStoreException failure = assertThrows(BlobStoreException.class, () -> new CephProviderFactory().start(config(Map.of())));
        assertEquals(BlobStoreException.Kind.CLIENT, failure.kind());
        assertTrue(failure.getMessage().contains("TLS handshake failed"), failure.getMessage());
    }

    /** A client of the https endpoint trusting {@code caPath}'s certificates, or the JDK's trust store for null. */
    private S3ClientSettings clientSettings(Path caPath) {
        return new S3ClientSettings(endpoint, S3ClientSettings.DEFAULT_REGION, credentials, caPath, 4,
                S3ClientSettings.DEFAULT_MAX_ATTEMPTS, S3Timeouts.DEFAULT);
    }

    private Function<String, String> config(Map<String, String> extra) {
        return TestConfig.of(Map.of("AWS_URL", endpoint.toString(), "AWS_ACCESS_KEY", credentials.accessKeyId(),
                "AWS_SECRET_KEY", credentials.secretKey()), extra);
    }
}
