package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

import dev.vaultload.storage.TrustedCertificates;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.ServerSideEncryption;

/**
 * What the server-side encryption engines need of a MinIO started from a binary: the KMS key {@code vaultload-key}
 * (SSE_S3, SSE_KMS; MinIO takes them over plain http), and TLS for SSE-C, which MinIO refuses over plain http.
 */
class MinioEncryptionTest {

    private static final byte[] CONTENT = "encrypted at rest".getBytes(StandardCharsets.UTF_8);

    @Test
    void aProviderStartedMinioEncryptsUnderItsKmsKey() {
        Optional<String> binary = TestConfig.minioBinary();
        assumeTrue(binary.isPresent(), "no minio binary: scripts/start-minio.sh binary builds one");
        // the provider would take Testcontainers' MinIO, which is started without the key
        assumeFalse(MinioContainer.dockerAvailable(), "a Docker engine answers: the provider would start a container");
        try (S3StorageProvider provider = new MinioProviderFactory().start(TestConfig.of(Map.of("MINIO_BINARY", binary.get())));
             S3Client s3 = client(provider.directAccess(), Optional.empty())) {
            String bucket = provider.defaultBucket();

            PutObjectResponse kms = s3.putObject(request -> request.bucket(bucket).key("kms")
                    .serverSideEncryption(ServerSideEncryption.AWS_KMS).ssekmsKeyId(MinioProcess.KMS_KEY_NAME),
                    RequestBody.fromBytes(CONTENT));
            assertEquals(ServerSideEncryption.AWS_KMS, kms.serverSideEncryption());
            assertTrue(kms.ssekmsKeyId().endsWith(MinioProcess.KMS_KEY_NAME), kms.ssekmsKeyId());
            assertArrayEquals(CONTENT, s3.getObjectAsBytes(request -> request.bucket(bucket).key("kms")).asByteArray());

            PutObjectResponse sseS3 = s3.putObject(request -> request.bucket(bucket).key("sse-s3")
                    .serverSideEncryption(ServerSideEncryption.AES256), RequestBody.fromBytes(CONTENT));
            assertEquals(ServerSideEncryption.AES256, sseS3.serverSideEncryption());

            assertThrows(S3Exception.class, () -> s3.putObject(request -> request.bucket(bucket).key("unknown-key")
                    .serverSideEncryption(ServerSideEncryption.AWS_KMS).ssekmsKeyId("no-such-key"), RequestBody.fromBytes(CONTENT)));
        }
    }

    @Test
    void aMinioServingTlsTakesSseCWithItsCertificateTrusted() throws NoSuchAlgorithmException {
        Optional<String> binary = TestConfig.minioBinary();
        assumeTrue(binary.isPresent(), "no minio binary: scripts/start-minio.sh binary builds one");
        byte[] key = new byte[32];
        String keyBase64 = Base64.getEncoder().encodeToString(key);
        String keyMd5 = Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(key));
        try (MinioProcess minio = MinioProcess.startWithTls(Path.of(binary.get()), Duration.ofSeconds(30));
             S3Client s3 = client(Map.of(S3Settings.AWS_URL.name(), minio.endpoint().toString(),
                     S3Settings.AWS_ACCESS_KEY.name(), minio.credentials().accessKeyId(),
                     S3Settings.AWS_SECRET_KEY.name(), minio.credentials().secretKey()), minio.caCertificate())) {
            assertEquals("https", minio.endpoint().getScheme());
            s3.createBucket(request -> request.bucket("sse-c"));
            s3.putObject(request -> request.bucket("sse-c").key("object")
                    .sseCustomerAlgorithm("AES256").sseCustomerKey(keyBase64).sseCustomerKeyMD5(keyMd5), RequestBody.fromBytes(CONTENT));
            assertArrayEquals(CONTENT, s3.getObjectAsBytes(request -> request.bucket("sse-c").key("object")
                    .sseCustomerAlgorithm("AES256").sseCustomerKey(keyBase64).sseCustomerKeyMD5(keyMd5)).asByteArray());
        }
    }

    /** A plain SDK client of the server in {@code access} (AWS_URL and the key pair), trusting {@code ca} if given. */
    private static S3Client client(Map<String, String> access, Optional<Path> ca) {
        ApacheHttpClient.Builder http = ApacheHttpClient.builder();
        ca.ifPresent(certificate -> http.tlsTrustManagersProvider(() -> TrustedCertificates.fromPem(certificate)));
        return S3Client.builder()
                .endpointOverride(URI.create(access.get(S3Settings.AWS_URL.name())))
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(access.get(S3Settings.AWS_ACCESS_KEY.name()),
                                access.get(S3Settings.AWS_SECRET_KEY.name()))))
                .httpClientBuilder(http)
                .build();
    }
}
