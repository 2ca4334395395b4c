package dev.vaultload.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.FixtureGenerator;
import dev.vaultload.fixture.FixtureJson;
import dev.vaultload.fixture.GeneratorParameters;
import dev.vaultload.fixture.OperationMix;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of a fixture with ROTATE_KEY and REENCRYPT on VAULTLOAD over MEMORY passes its validation (every document
 * read with each user's current password, none with a superseded one, every re-encryption witnessed), so does one
 * with REENCRYPT on DATASAFE, and DATASAFE, which does not rotate, is refused a ROTATE_KEY before anything starts.
 * (The engines of workload-s3ec run theirs on MinIO: their own KeyLifecycleRunTest.)
 */
class KeyLifecycleRunTest {
    @TempDir
    Path directory;

    private Map<String, String> settings(String engine, String mix) throws IOException {
        Path fixture = directory.resolve("lifecycle.json");
        GeneratorParameters parameters = GeneratorParameters.defaults(11).withUsers(4).withOperations(300)
                .withMix(OperationMix.datasafe().with(mix));
        Files.write(fixture, new FixtureJson().toBytes(new FixtureGenerator(parameters).generate()));
        Map<String, String> settings = new HashMap<>(Map.of("STORAGE_PROVIDERS", "MEMORY", "THREADS", "2",
                "FILE_SIZES", "1,100", "KDF_ITERATIONS", "1000", "FIXTURE", fixture.toString(),
                "REPORT_DIR", directory.resolve("reports").toString()));
        settings.put("ENGINES", engine);
        return settings;
    }

    @Test
    void vaultloadRotatesAndReencryptsUnderFullValidation() throws IOException {
        Map<String, String> settings = settings("VAULTLOAD", "rotateKey=1,reencrypt=1");
        try (SuiteSession session = SuiteSession.start(Suite.RandomActionsOnDatasafeTest.name(), false, settings::get,
                StorageProviders::named)) {
            for (Combination combination : session.combinations().toList()) {
                RunResult result = Suite.RandomActionsOnDatasafeTest.run(session, combination, List.of());
                assertTrue(result.passed(), () -> combination + ": " + result.failureReasons() + " "
                        + result.failures().stream().limit(5).map(failure -> failure.line()).toList());
                for (OperationType type : List.of(OperationType.ROTATE_KEY, OperationType.REENCRYPT)) {
                    OperationStatistics statistics = result.operations().stream()
                            .filter(operation -> operation.type() == type).findFirst().orElseThrow();
                    assertTrue(statistics.count() > 0, type + " ran");
                }
            }
        }
        try (var written = Files.list(directory.resolve("reports"))) {
            Path csv = written.filter(file -> file.toString().endsWith(".csv")).findFirst().orElseThrow();
            String table = Files.readString(csv);
            assertTrue(table.contains("ROTATE_KEY") && table.contains("REENCRYPT"), table);
        }
    }

    @Test
    void datasafeReencryptsUnderFullValidation() throws IOException {
        Map<String, String> settings = settings("DATASAFE", "rotateKey=0,reencrypt=1");
        settings.remove("KDF_ITERATIONS"); // Datasafe keeps its own
        try (SuiteSession session = SuiteSession.start(Suite.RandomActionsOnDatasafeTest.name(), false, settings::get,
                StorageProviders::named)) {
            for (Combination combination : session.combinations().toList()) {
                RunResult result = Suite.RandomActionsOnDatasafeTest.run(session, combination, List.of());
                assertTrue(result.passed(), () -> combination + ": " + result.failureReasons() + " "
                        + result.failures().stream().limit(5).map(failure -> failure.line()).toList());
                assertTrue(result.operations().stream().anyMatch(operation -> operation.type() == OperationType.REENCRYPT
                        && operation.count() > 0), "REENCRYPT ran");
            }
        }
    }

    @Test
    void datasafeIsRefusedRotationBeforeTheRunNamingEngineAndOperation() throws IOException {
        Map<String, String> settings = settings("DATASAFE", "rotateKey=1,reencrypt=1");
        settings.remove("KDF_ITERATIONS"); // Datasafe keeps its own

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> SuiteSession.start(
                Suite.RandomActionsOnDatasafeTest.name(), false, settings::get, StorageProviders::named).close());

        assertTrue(refused.getMessage().startsWith("Invalid ENGINES: engine DATASAFE does not support ROTATE_KEY"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("VAULTLOAD"), refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"));
        assertFalse(Files.exists(directory.resolve("reports")), "nothing ran, nothing was written");
        assertEquals(1, refused.getMessage().lines().count());
    }
}
