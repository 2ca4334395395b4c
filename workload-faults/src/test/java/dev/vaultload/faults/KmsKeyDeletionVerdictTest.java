package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.Environment;
import dev.vaultload.report.Failure;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.RunTiming;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A KMS key deleted mid-run holds only when the validation names the documents it cannot open with the key's id. */
class KmsKeyDeletionVerdictTest {
    private static final String KEY = "5c5a2adb-2c83-4615-a374-256262d4f026";

    private static Failure finalRead(String message) {
        return new Failure(OperationType.READ, ErrorClass.CLIENT, "final READ user user-1 PRIVATE a: " + message,
                "s3://bucket/users/user-1/private/a", "2026-11-28T08:00:00Z", null);
    }

    private static KmsKeyDeletion.Verdict verdict(boolean deleted, Map<ErrorClass, Long> errors, List<Failure> failures) {
        RunResult result = new RunResult(new RunSetup(RunMode.FIXTURE, "FaultMatrix", "MINIO", "minio", 2, 100, "SMALL",
                200, ErrorMode.CONTINUE, 0, 0, 0), new EngineDescription("S3EC", CipherSuite.AES256_GCM, "X25519", 1000),
                new RunTiming("2026-11-28T08:00:00Z", 20_000, 1, null), List.of(), errors, failures,
                Map.of(), new ObjectOutcomes(104, 0, 0, 0), new CpuUsage(0, 0, 0), null, Map.of(), Environment.current(),
                null, null, null, null, null);
        return new KmsKeyDeletion.Verdict(CellEngine.S3EC, KmsKeyDeletion.HeldKey.AWS_KMS, "MINIO", KEY, deleted, result);
    }

    @Test
    void documentsNamedWithTheKeyIdHold() {
        KmsKeyDeletion.Verdict named = verdict(true, Map.of(ErrorClass.CLIENT, 1L), List.of(finalRead(
                "KeyManagerException: AWS KMS at http://127.0.0.1:4599: Decrypt with key '" + KEY + "' refused")));

        assertEquals(Optional.empty(), named.problem());
        assertTrue(named.markdownRow().endsWith("| 1 | [CLIENT] | 0 | 0 | 0 | pass |\n"), named.markdownRow());
    }

    @Test
    void silenceFails() {
        assertTrue(verdict(true, Map.of(), List.of()).problem().orElseThrow().contains("silence"));
    }

    @Test
    void aDocumentCountedLostFails() {
        assertTrue(verdict(true, Map.of(ErrorClass.LOST, 1L), List.of(finalRead("Decrypt with key '" + KEY + "'")))
                .problem().orElseThrow().contains("1 LOST"));
    }

    @Test
    void aValidationFailureWithoutTheKeyIdFails() {
        assertTrue(verdict(true, Map.of(ErrorClass.CLIENT, 2L), List.of(finalRead("Decrypt with key '" + KEY + "'"),
                finalRead("S3EC refused the object"))).problem().orElseThrow().contains("does not name the key"));
    }

    @Test
    void aKeyNeverDeletedFails() {
        assertTrue(verdict(false, Map.of(), List.of()).problem().orElseThrow().contains("before the key was deleted"));
    }
}
