package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The names a run writes are the names a merge and a reader read back. */
class ReportFilesTest {
    private static final Instant STARTED = Instant.parse("2026-11-26T10:15:30Z");

    @Test
    void aFixtureNameCarriesItsThreadsAndAMergeReplacesThem() {
        String name = ReportFiles.baseName("RandomActionsOnDatasafeTest", "MINIO-DATASAFE", ReportFiles.threadsField(4),
                100, "AES256_GCM", STARTED);

        assertEquals("RandomActionsOnDatasafeTest-MINIO-DATASAFE-4t-100k-AES256_GCM-20261126-101530", name);
        assertEquals("RandomActionsOnDatasafeTest-MINIO-DATASAFE-12t-100k-AES256_GCM-20261126-101530",
                ReportFiles.withThreads(name, 12));
    }

    @Test
    void theHistogramLogIsFoundBesideItsJson() {
        Path json = Path.of("results", "r1", "shard-0", "RandomActionsOnDatasafeTest-MEMORY-2t-1k-NONE-20261126-101530.json");

        assertEquals("RandomActionsOnDatasafeTest-MEMORY-2t-1k-NONE-20261126-101530", ReportFiles.baseNameOf(json));
        assertEquals(json.resolveSibling("RandomActionsOnDatasafeTest-MEMORY-2t-1k-NONE-20261126-101530.hlog"),
                ReportFiles.histogramLogBeside(json));
    }
}
