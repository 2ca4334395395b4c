package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client killed with SIGKILL in the middle of a rotation sweep and a re-encryption sweep on a real MinIO
 * (scripts/start-minio.sh's pinned binary): a fresh process opens every keystore with the password before the
 * rotation or the one after it and reads every document back with its content; none is lost. Then one document
 * deleted and one keystore swapped for another user's: the check names both.
 */
class InterruptedRotationTest {
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(5);
    private static final String BUCKET = "interrupted-rotation";

    @TempDir
    Path work;

    @Test
    void everyDocumentOpensWithOneOfTheTwoSecretsAfterTheSweepIsKilled() {
        Path binary = Path.of(RepositoryScript.named("start-minio.sh").run(BUILD_TIMEOUT, Map.of(), "binary").strip());
        try (StoreUnderTest minio = StoreUnderTest.minio(binary, work)) {
            InterruptedRotation rotation = new InterruptedRotation(minio, work, InterruptedRotation.PLAN);
            InterruptedRotation.Outcome outcome = rotation.run(BUCKET);

            System.out.println(InterruptedRotation.Outcome.markdownHeader() + outcome.markdownRow());
            assertTrue(outcome.holds(), () -> outcome.problem().orElseThrow());
            assertEquals(List.of(), outcome.problems());
            assertTrue(outcome.killed(), "killed by SIGKILL");
            SweepPlan plan = InterruptedRotation.PLAN;
            assertEquals(plan.rotatedUsers() + plan.reencryptedUsers(), outcome.openedWithNext() + outcome.openedWithBefore());
            assertEquals(plan.allDocuments(), outcome.intact());
            // what the sweep acknowledged before it died has landed; a rotation in flight may have landed too
            assertTrue(outcome.openedWithNext() >= outcome.rotatedSeen(), outcome.markdownRow());
            assertTrue(outcome.reencrypted() >= outcome.reencryptedSeen(), outcome.markdownRow());

            try (TestBucket bucket = TestBucket.open(minio.endpoint(), minio.credentials(), BUCKET, Duration.ofSeconds(10))) {
                String document = bucket.client().listObjectsV2(request -> request.bucket(BUCKET).prefix("rot-0/private/"))
                        .contents().getFirst().key();
                bucket.client().deleteObject(request -> request.bucket(BUCKET).key(document));
                bucket.put("rot-1/keystore", bucket.get("rot-2/keystore"));
                List<String> problems = rotation.checkAgain(BUCKET);

                assertEquals(2, problems.size(), problems.toString());
                assertTrue(problems.contains("LOST " + document + ": gone"), problems.toString());
                assertTrue(problems.stream().anyMatch(problem -> problem.startsWith("INTEGRITY keystore of user rot-1:")),
                        problems.toString());
            }
        }
    }
}
