package dev.vaultload.datasafe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.Engines;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviders;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our engine and the real Datasafe side by side in one JVM, found by name on one class path (one BouncyCastle,
 * jdk18on, serves both): the SMALL fixture on each, every read and the final content verified.
 */
class BothEnginesInOneRunTest {

    @Test
    void theSameFixtureRunsOnBothEnginesInOneRun(@TempDir Path reports) {
        Map<String, String> settings = Map.of("STORAGE_PROVIDERS", "MEMORY", "ENGINES", "VAULTLOAD,DATASAFE",
                "THREADS", "2", "FILE_SIZES", "10", "KDF_ITERATIONS", "210000", "REPORT_DIR", reports.toString());
        try (SuiteSession session = SuiteSession.start("BothEnginesInOneRunTest", false, settings::get, StorageProviders::named)) {
            List<Combination> combinations = session.combinations().toList();
            assertEquals(List.of(Engines.DEFAULT, DatasafeEngineFactory.NAME), combinations.stream().map(Combination::engine).toList());
            for (Combination combination : combinations) {
                StorageProvider provider = session.provider(combination);
                RunResult result = session.run(combination, provider.openBucket(provider.defaultBucket()),
                        store -> session.engine(combination, store), users -> Map.of());
                assertTrue(result.passed(), () -> RunOutcome.describe(result));
                assertEquals(combination.engine(), result.engineDescription().engine());
                assertTrue(result.operations().stream().anyMatch(operation -> operation.type().name().equals("SHARE")
                        && operation.count() > 0), "shares went through the engine's inbox");
            }
        }
    }
}
