package dev.vaultload.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.RunTrends;
import dev.vaultload.run.Combination;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suites' class path finds the page (the parse module's, through ServiceLoader), so the seed's own command, {@code
 * mvn -Dtest=RandomActionsOnDatasafeTest test}, writes report.html as {@code vaultload run} does.
 */
class SuiteReportPageTest {
    @TempDir
    Path reports;

    @Test
    void aSessionOfTheSuitesWritesTheReportPageOfItsResults() throws IOException {
        Map<String, String> settings = Map.of("STORAGE_PROVIDERS", "MEMORY", "THREADS", "1", "FILE_SIZES", "1",
                "KDF_ITERATIONS", "1000", "REPORT_DIR", reports.toString());
        Optional<Path> page;
        try (SuiteSession session = SuiteSession.start(Suite.RandomActionsOnDatasafeTest.name(), false, settings::get,
                StorageProviders::named)) {
            assertEquals(Optional.empty(), session.writeReportPage(RunTrends.NONE), "no result yet, no page");
            for (Combination combination : session.combinations().toList()) {
                assertTrue(Suite.RandomActionsOnDatasafeTest.run(session, combination, List.of()).passed());
            }
            page = session.writeReportPage(RunTrends.NONE);
        }

        assertEquals(Optional.of(reports.resolve("report.html")), page);
        assertTrue(Files.readString(page.orElseThrow()).contains("MEMORY with 1 threads and 1 Kb filesize"));
    }
}
