package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.parse.JsonResultReader;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.RunJournal;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A soak killed with SIGKILL a few periods in leaves its journal and .hlog; {@code vaultload recover} turns them into
 * the JSON, CSV and report.html the run would have written, marked incomplete, counts exact to the last period flushed.
 */
class KillRecoverTest {
    private static final int PERIODS_BEFORE_THE_KILL = 4;

    @TempDir
    Path reports;

    @Test
    void recoversWhatAKilledSoakMeasured() throws Exception {
        JournaledSoak soaks = new JournaledSoak(reports);
        Process soak = soaks.start(List.of("--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "2", "--FILE_SIZES", "100",
                "--KDF_ITERATIONS", "1000", "--DURATION", "60s", "--PERIOD", "1s", "--ERROR_MODE", "CONTINUE"), Map.of(),
                reports.resolveSibling(reports.getFileName() + "-soak.log"));
        try {
            soaks.await(soak, journal -> journal.replay().isPresent() && journal.lastPeriod()
                    .filter(period -> period.index() >= PERIODS_BEFORE_THE_KILL).isPresent(), Duration.ofSeconds(30));
        } finally {
            soak.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        Path journal = soaks.only(RunJournal.SUFFIX);
        assertFalse(Files.exists(new ReportFiles(reports, ReportFiles.baseNameOfJournal(journal)).json()),
                "the run was killed before it wrote its result");

        InProcessCli.Outcome recovered = InProcessCli.execute(dev.vaultload.storage.StorageProviders::named,
                List.of("recover", reports.toString()));

        assertEquals(ExitCodes.INCOMPLETE, recovered.exitCode(), () -> recovered.out() + recovered.err());
        assertTrue(recovered.out().contains("INCOMPLETE: 1 of 1 result"), recovered.out());
        ReportFiles files = new ReportFiles(reports, ReportFiles.baseNameOfJournal(journal));
        RunResult result = JsonResultReader.runResult(files.json());
        String incomplete = result.timing().incomplete();
        assertTrue(incomplete != null && incomplete.matches("the process ended at \\S+ without final validation"),
                () -> "incomplete: " + incomplete);
        Instant endedAt = Instant.parse(incomplete.split(" ")[4]);
        Map<String, Long> recoveredCounts = result.operations().stream()
                .collect(Collectors.toMap(operation -> operation.type().name(), OperationStatistics::count, Long::sum,
                        TreeMap::new));
        Map<String, Long> logged = JournaledSoak.countsUpTo(files.histogramLog(), endedAt.toEpochMilli());
        assertTrue(logged.getOrDefault("WRITE", 0L) > 0, () -> "the run replayed before the kill: " + logged);
        assertEquals(logged, recoveredCounts);
        assertTrue(Files.isRegularFile(files.csv()));
        assertTrue(Files.readString(reports.resolve("report.html")).contains("incomplete: " + incomplete));
    }
}
