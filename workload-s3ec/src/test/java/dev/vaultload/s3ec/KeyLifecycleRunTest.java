package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A fixture with ROTATE_KEY and REENCRYPT on this module's engines against MinIO (MINIO_URL, over TLS for SSE_C)
 * passes its validation: every document read with each user's current password, none opened by a superseded one
 * (the harness's RotationCheck), every re-encryption witnessed. An engine without one of them is refused before
 * anything runs, in one line naming engine and operation.
 */
class KeyLifecycleRunTest {
    @TempDir
    Path directory;

    private Map<String, String> settings(String engine, String mix) throws IOException {
        assumeTrue(System.getenv("MINIO_URL") != null, "MINIO_URL not set: eval \"$(scripts/start-minio.sh start)\" first");
        Path fixture = directory.resolve("lifecycle.json");
        GeneratorParameters parameters = GeneratorParameters.defaults(11).withUsers(4).withOperations(300)
                .withMix(OperationMix.datasafe().with(mix));
        Files.write(fixture, new FixtureJson().toBytes(new FixtureGenerator(parameters).generate()));
        Map<String, String> settings = new HashMap<>(Map.of("STORAGE_PROVIDERS", "MINIO", "THREADS", "2",
                "FILE_SIZES", "1,1024", "FIXTURE", fixture.toString(), "ENGINES", engine,
                "REPORT_DIR", directory.resolve("reports").toString()));
        for (String name : List.of("MINIO_URL", "AWS_ACCESS_KEY", "AWS_SECRET_KEY", "AWS_BUCKET", "CA_PATH")) {
            if (System.getenv(name) != null) {
                settings.put(name, System.getenv(name));
            }
        }
        return settings;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {"S3EC; rotateKey=1,reencrypt=1", "SSE_C; rotateKey=1,reencrypt=1",
            "SSE_S3; rotateKey=0,reencrypt=1", "SSE_KMS; rotateKey=0,reencrypt=1"})
    void aFixtureWithKeyLifecycleOperationsPassesUnderFullValidation(String engine, String mix) throws IOException {
        Map<String, String> settings = settings(engine, mix);
        assumeTrue(!engine.equals("SSE_C") || settings.get("MINIO_URL").startsWith("https:"), "SSE_C needs MinIO over TLS");
        if (engine.equals("S3EC")) {
            settings.put("KDF_ITERATIONS", "1000");
        }
        try (SuiteSession session = SuiteSession.start(Suite.RandomActionsOnDatasafeTest.name(), false, settings::get,
                StorageProviders::named)) {
            for (Combination combination : session.combinations().toList()) {
                RunResult result = Suite.RandomActionsOnDatasafeTest.run(session, combination, List.of());
                assertTrue(result.passed(), () -> combination + ": " + result.failureReasons() + " "
                        + result.failures().stream().limit(5).map(failure -> failure.line()).toList());
                List<OperationType> expected = mix.contains("rotateKey=1")
                        ? List.of(OperationType.ROTATE_KEY, OperationType.REENCRYPT) : List.of(OperationType.REENCRYPT);
                for (OperationType type : expected) {
                    OperationStatistics statistics = result.operations().stream()
                            .filter(operation -> operation.type() == type).findFirst().orElseThrow();
                    assertTrue(statistics.count() > 0, type + " ran");
                }
            }
        }
    }

    @Test
    void anSseEngineWithoutAUserSecretIsRefusedRotationBeforeTheRun() throws IOException {
        Map<String, String> settings = settings("SSE_S3", "rotateKey=1,reencrypt=1");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> SuiteSession.start(
                Suite.RandomActionsOnDatasafeTest.name(), false, settings::get, StorageProviders::named).close());

        assertTrue(refused.getMessage().startsWith("Invalid ENGINES: engine SSE_S3 does not support ROTATE_KEY"),
                refused.getMessage());
        assertEquals(1, refused.getMessage().lines().count());
        assertFalse(Files.exists(directory.resolve("reports")), "nothing ran, nothing was written");
    }
}
