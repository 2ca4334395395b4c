package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vaultload.s3.provider.MinioProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.ServerSideEncryption;

/**
 * A real MinIO (scripts/start-minio.sh's pinned binary): killed and started again as a {@link Fault}, and behind an
 * {@link HttpFaultStage}, where MinIO checks every signature (aws-chunked chunks included) against the Host sent.
 */
class RestartableMinioTest {
    private static final String BUCKET = "restartable";
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    static Path work;

    private static RestartableMinio minio;

    @BeforeAll
    static void startMinio() throws IOException {
        Path binary = Path.of(RepositoryScript.named("start-minio.sh").run(BUILD_TIMEOUT, Map.of(), "binary").strip());
        minio = new RestartableMinio(binary, Files.createDirectories(work.resolve("data")));
        minio.start();
        try (TestBucket bucket = TestBucket.open(minio.endpoint(), minio.credentials(), BUCKET, ATTEMPT_TIMEOUT)) {
            bucket.create();
        }
    }

    @AfterAll
    static void stopMinio() {
        minio.close();
    }

    @Test
    void killedMinioFailsCallsAndHealRestartsItWithItsObjects() {
        byte[] content = TestBucket.content(100 * 1024);
        try (TestBucket bucket = TestBucket.open(minio.endpoint(), minio.credentials(), BUCKET, ATTEMPT_TIMEOUT);
             Fault killed = minio.minioKilled()) {
            bucket.put("before-kill", content);
            killed.inject();
            killed.inject();
            assertThrows(SdkClientException.class, () -> bucket.sizeBytes("before-kill"));
            killed.heal();
            killed.heal();
            assertArrayEquals(content, bucket.get("before-kill"));
            bucket.put("after-restart", content);
            assertArrayEquals(content, bucket.get("after-restart"));
        }
    }

    /** The provider's MinIO has the KMS key, and a restart keeps it: what was encrypted under it can be read. */
    @Test
    void minioHasTheKmsKeyAcrossARestart() {
        byte[] content = TestBucket.content(10 * 1024);
        try (TestBucket bucket = TestBucket.open(minio.endpoint(), minio.credentials(), BUCKET, ATTEMPT_TIMEOUT)) {
            PutObjectResponse put = bucket.client().putObject(request -> request.bucket(BUCKET).key("sse-kms")
                    .serverSideEncryption(ServerSideEncryption.AWS_KMS).ssekmsKeyId(MinioProcess.KMS_KEY_NAME),
                    RequestBody.fromBytes(content));
            assertEquals(ServerSideEncryption.AWS_KMS, put.serverSideEncryption());
        }
        try (Fault killed = minio.minioKilled()) {
            killed.inject();
            killed.heal();
        }
        // a new client: the old one's pooled connection died with the server, and retries are off
        try (TestBucket bucket = TestBucket.open(minio.endpoint(), minio.credentials(), BUCKET, ATTEMPT_TIMEOUT)) {
            assertArrayEquals(content, bucket.get("sse-kms"));
        }
    }

    @Test
    void stageForwardsSignedRequestsToMinioAndHidesAnAppliedPut() {
        byte[] content = TestBucket.content(4 * 1024 * 1024);
        try (HttpFaultStage stage = HttpFaultStage.start(minio.endpoint());
             TestBucket bucket = TestBucket.open(stage.endpoint(), minio.credentials(), BUCKET, ATTEMPT_TIMEOUT);
             HttpFault afterApply = stage.internalErrorsAfterApply(1.0)) {
            bucket.put("through-stage", content);
            assertArrayEquals(content, bucket.get("through-stage"));
            afterApply.inject();
            S3Exception failed = assertThrows(S3Exception.class, () -> bucket.put("landed", content));
            assertEquals("InternalError", failed.awsErrorDetails().errorCode());
            afterApply.heal();
            assertEquals(content.length, bucket.sizeBytes("landed"));
        }
    }
}
