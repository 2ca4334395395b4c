package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.provider.EmbeddedS3Server;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/** HttpFaultStage in front of the embedded S3 server: transparent when no fault takes a request, S3 errors when one does. */
class HttpFaultStageTest {
    private static final String BUCKET = "stage";
    private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(30);

    private static EmbeddedS3Server store;

    @BeforeAll
    static void startStore() {
        store = EmbeddedS3Server.start("transient", new S3Credentials("stage", "stage-secret"), 0);
        store.createBucket(BUCKET);
    }

    @AfterAll
    static void stopStore() {
        store.close();
    }

    @Test
    void forwardsSignedRequestsAndStreamsLargeBodiesUnchanged() {
        byte[] content = TestBucket.content(16 * 1024 * 1024);
        String key = "dir/a b+c&d=é.bin"; // escaped in the path: the stage must pass the raw path on
        try (HttpFaultStage stage = HttpFaultStage.start(store.endpoint());
             TestBucket bucket = TestBucket.open(stage.endpoint(), store.credentials(), BUCKET, ATTEMPT_TIMEOUT)) {
            bucket.put(key, content); // aws-chunked, signed for the stage's host:port
            assertArrayEquals(content, bucket.get(key));
            assertEquals(content.length, bucket.sizeBytes(key));
            List<String> listed = bucket.client().listObjectsV2(request -> request.bucket(BUCKET).prefix("dir/"))
                    .contents().stream().map(S3Object::key).toList();
            assertEquals(List.of(key), listed);
            bucket.client().deleteObject(request -> request.bucket(BUCKET).key(key));
            assertThrows(NoSuchKeyException.class, () -> bucket.get(key));
        }
    }

    @Test
    void slowDownStormAnswersEveryRequest503SlowDownUntilHealed() {
        byte[] content = TestBucket.content(1024);
        try (HttpFaultStage stage = HttpFaultStage.start(store.endpoint());
             TestBucket bucket = TestBucket.open(stage.endpoint(), store.credentials(), BUCKET, ATTEMPT_TIMEOUT);
             HttpFault storm = stage.slowDown(1.0)) {
            assertEquals("503 SlowDown for 100% of requests", storm.name());
            storm.inject();
            S3Exception refused = assertThrows(S3Exception.class, () -> bucket.put("storm", content));
            assertEquals(503, refused.statusCode());
            assertEquals("SlowDown", refused.awsErrorDetails().errorCode());
            assertEquals(1, storm.faultedRequests());
            storm.heal();
            assertThrows(NoSuchKeyException.class, () -> bucket.get("storm"), "the refused PUT never reached the store");
            bucket.put("storm", content);
            assertArrayEquals(content, bucket.get("storm"));
            assertEquals(1, storm.faultedRequests());
        }
    }

    @Test
    void internalErrorsAnswerAboutHalfTheRequestsTheSameOnesInEveryRun() {
        try (TestBucket direct = TestBucket.open(store.endpoint(), store.credentials(), BUCKET, ATTEMPT_TIMEOUT)) {
            direct.put("half", TestBucket.content(1024));
        }
        List<Boolean> firstRun = failuresOfFortyGets();
        List<Boolean> secondRun = failuresOfFortyGets();
        long failed = firstRun.stream().filter(Boolean::booleanValue).count();
        assertTrue(failed >= 12 && failed <= 28, failed + " of 40 GETs failed with a share of 0.5");
        assertEquals(firstRun, secondRun, "the same calls failed in both runs");
    }

    /** 40 GETs through a new stage with internalErrors(0.5): which failed, each with 500 InternalError. */
    private static List<Boolean> failuresOfFortyGets() {
        List<Boolean> failed = new ArrayList<>();
        try (HttpFaultStage stage = HttpFaultStage.start(store.endpoint());
             TestBucket bucket = TestBucket.open(stage.endpoint(), store.credentials(), BUCKET, ATTEMPT_TIMEOUT);
             HttpFault errors = stage.internalErrors(0.5)) {
            errors.inject();
            for (int call = 0; call < 40; call++) {
                try {
                    bucket.get("half");
                    failed.add(false);
                } catch (S3Exception e) {
                    assertEquals(500, e.statusCode());
                    assertEquals("InternalError", e.awsErrorDetails().errorCode());
                    failed.add(true);
                }
            }
            assertEquals(failed.stream().filter(Boolean::booleanValue).count(), errors.faultedRequests());
        }
        return failed;
    }

    @Test
    void internalErrorAfterApplyHidesAPutThatLanded() {
        byte[] content = TestBucket.content(256 * 1024);
        try (HttpFaultStage stage = HttpFaultStage.start(store.endpoint());
             TestBucket bucket = TestBucket.open(stage.endpoint(), store.credentials(), BUCKET, ATTEMPT_TIMEOUT);
             HttpFault afterApply = stage.internalErrorsAfterApply(1.0)) {
            assertEquals("500 InternalError after the store applied 100% of requests", afterApply.name());
            afterApply.inject();
            S3Exception failed = assertThrows(S3Exception.class, () -> bucket.put("landed", content));
            assertEquals(500, failed.statusCode());
            assertEquals("InternalError", failed.awsErrorDetails().errorCode());
            afterApply.heal();
            assertEquals(content.length, bucket.sizeBytes("landed"), "the PUT the client saw fail is in the store");
            assertArrayEquals(content, bucket.get("landed"));
            assertEquals(1, afterApply.faultedRequests());
        }
    }
}
