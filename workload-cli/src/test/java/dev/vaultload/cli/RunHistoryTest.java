package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.cli.InProcessCli.Outcome;
import dev.vaultload.storage.StorageProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vaultload run} with HISTORY_URL on the MEMORY store: each run adds its result to the history, report.html
 * shows the trend once there are two, and {@code vaultload history} reads them.
 */
class RunHistoryTest {
    @TempDir
    Path folder;

    @Test
    void eachRunAddsItsResultAndThePageShowsTheTrend() throws Exception {
        Path history = folder.resolve("history.db");
        for (String night : List.of("first", "second")) {
            Outcome run = InProcessCli.execute(StorageProviders::named, List.of("run", "--storage-providers", "MEMORY",
                    "--threads", "1", "--file-sizes", "1", "--kdf-iterations", "1000", "--report-dir",
                    folder.resolve(night).toString(), "--history-url", history.toString(), "--threshold", "errors < 1%"));
            assertEquals(0, run.exitCode(), run.err());
            assertTrue(run.out().contains("added 1 result to the history"), run.out());
        }
        assertTrue(Files.readString(folder.resolve("second").resolve("report.html")).contains("Trend over the history: 2 runs"),
                "the second run's page shows both");

        Outcome list = InProcessCli.execute(StorageProviders::named, Stream.of("history", "list", "--url", history.toString()).toList());
        assertEquals(0, list.exitCode(), list.err());
        assertEquals(3, list.out().strip().lines().count(), "a heading and two runs: " + list.out());
        Outcome again = InProcessCli.execute(StorageProviders::named, List.of("history", "add", folder.toString(), "--url",
                history.toString()));
        assertTrue(again.out().contains("added 0 results, 2 were there already"), again.out());
    }

    /** Another process's result, written into the same folder while the run ran, is not this run's to add. */
    @Test
    void onlyTheResultsThisRunWroteAreAdded() throws Exception {
        Outcome other = InProcessCli.execute(StorageProviders::named, List.of("run", "--storage-providers", "MEMORY",
                "--threads", "1", "--file-sizes", "1", "--kdf-iterations", "1000", "--report-dir",
                folder.resolve("other").toString()));
        assertEquals(0, other.exitCode(), other.err());
        Path mine = Files.createDirectories(folder.resolve("mine"));
        Path otherResult;
        try (Stream<Path> files = Files.list(folder.resolve("other"))) {
            otherResult = files.filter(file -> file.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        Path copied = Files.copy(otherResult, mine.resolve(otherResult.getFileName()));
        // as if written during the run: a search by modification time would take it for this run's
        Files.setLastModifiedTime(copied, FileTime.from(Instant.now().plus(Duration.ofHours(1))));

        Outcome run = InProcessCli.execute(StorageProviders::named, List.of("run", "--storage-providers", "MEMORY",
                "--threads", "1", "--file-sizes", "1", "--kdf-iterations", "1000", "--report-dir", mine.toString(),
                "--history-url", folder.resolve("history.db").toString()));

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("added 1 result to the history"), run.out());
    }

    @Test
    void aHistoryThatCannotBeOpenedIsRefusedBeforeTheRun() {
        new InProcessCli().assertRefused(List.of("run", "--storage-providers", "MEMORY", "--report-dir",
                folder.resolve("r").toString(), "--history-url", "jdbc:postgresql://127.0.0.1:1/none"),
                "Invalid HISTORY_URL='jdbc:postgresql://127.0.0.1:1/none': cannot open the history there");
    }
}
