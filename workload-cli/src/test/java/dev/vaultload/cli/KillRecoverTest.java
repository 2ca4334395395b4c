package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.parse.JsonResultReader;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.RunJournal;
import dev.vaultload.report.RunJournalReader;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
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
        Process soak = startSoak();
        try {
            awaitJournaledPeriods(soak);
        } finally {
            soak.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        Path journal = only(RunJournal.SUFFIX);
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
        Map<String, Long> logged = countsUpTo(files.histogramLog(), endedAt);
        assertTrue(logged.getOrDefault("WRITE", 0L) > 0, () -> "the run replayed before the kill: " + logged);
        assertEquals(logged, recoveredCounts);
        assertTrue(Files.isRegularFile(files.csv()));
        assertTrue(Files.readString(reports.resolve("report.html")).contains("incomplete: " + incomplete));
    }

    private Process startSoak() throws IOException {
        List<String> command = List.of(ProcessHandle.current().info().command().orElseThrow(), "-cp",
                System.getProperty("java.class.path"), "-Djava.awt.headless=true", VaultloadCli.class.getName(), "run",
                "--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "2", "--FILE_SIZES", "100", "--KDF_ITERATIONS", "1000",
                "--DURATION", "60s", "--PERIOD", "1s", "--ERROR_MODE", "CONTINUE", "--REPORT_DIR", reports.toString());
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(reports.resolveSibling(reports.getFileName() + "-soak.log").toFile()).start();
    }

    /** Until the journal holds a few periods of the replay (read as recover reads it: a torn last line is left out). */
    private void awaitJournaledPeriods(Process soak) throws Exception {
        long deadlineNanos = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            assertTrue(soak.isAlive(), "the soak ended before it was killed");
            assertTrue(System.nanoTime() < deadlineNanos, "the soak journaled no replay periods within 30 s");
            Optional<RunJournalReader.Journal> journal = find(RunJournal.SUFFIX).flatMap(KillRecoverTest::readSoFar);
            if (journal.flatMap(RunJournalReader.Journal::lastPeriod).filter(period -> period.index()
                    >= PERIODS_BEFORE_THE_KILL).isPresent() && journal.get().replay().isPresent()) {
                return;
            }
            Thread.sleep(200);
        }
    }

    /** The journal as far as it is written; empty while not even its first line is. */
    private static Optional<RunJournalReader.Journal> readSoFar(Path journal) {
        try {
            return Optional.of(RunJournalReader.read(journal));
        } catch (IllegalArgumentException notYet) {
            return Optional.empty();
        }
    }

    /** Each operation's count in the .hlog's periods that ended by {@code endedAt}, read with HdrHistogram's reader. */
    private static Map<String, Long> countsUpTo(Path hlog, Instant endedAt) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            for (EncodableHistogram period = next(reader); period != null; period = next(reader)) {
                boolean operation = !period.getTag().startsWith("errors.");
                if (operation && period.getEndTimeStamp() <= endedAt.toEpochMilli() + 1) {
                    counts.merge(period.getTag(), ((org.HdrHistogram.AbstractHistogram) period).getTotalCount(), Long::sum);
                }
            }
        }
        return counts;
    }

    /** The next period; null at the end, or at a last line the kill cut off. */
    private static EncodableHistogram next(HistogramLogReader reader) {
        try {
            return reader.nextIntervalHistogram();
        } catch (RuntimeException cutOff) {
            return null;
        }
    }

    private Optional<Path> find(String suffix) throws IOException {
        try (Stream<Path> files = Files.list(reports)) {
            return files.filter(file -> file.getFileName().toString().endsWith(suffix)).findFirst();
        }
    }

    private Path only(String suffix) throws IOException {
        return find(suffix).orElseThrow(() -> new AssertionError("no *" + suffix + " in " + reports));
    }
}
