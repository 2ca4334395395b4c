package dev.vaultload.history;

import dev.vaultload.parse.JsonResultReader;
import dev.vaultload.report.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code vaultload run} with HISTORY_URL set: the history is opened (and migrated) before the run, so that a bad URL
 * fails before anything starts, and once every result is written the JSON results the run wrote are added, as
 * {@code history add} of the same files would add them (and would then find them there already).
 */
public final class RunHistory {
    private final Function<String, String> settings;

    private RunHistory(Function<String, String> settings) {
        this.settings = settings;
    }

    /** Empty without HISTORY_URL; else the history checked now. */
    public static Optional<RunHistory> open(Function<String, String> settings) {
        if (HistorySettings.HISTORY_URL.in(settings).isEmpty()) {
            return Optional.empty();
        }
        HistoryStore.open(settings, HistorySettings.DEFAULT_FILE).close();
        return Optional.of(new RunHistory(settings));
    }

    /** The trends of report.html, over the history; close it after the page is written. */
    public HistoryTrends trends() {
        return new HistoryTrends(HistoryStore.open(settings, HistorySettings.DEFAULT_FILE));
    }

    /**
     * Adds the results this run wrote, as {@code history add} of the same files would (a file added already is not
     * added twice): the run names its files, so nothing else in the folder is picked up.
     *
     * @return how many were added
     */
    public int add(List<Path> writtenJson) {
        int added = 0;
        try (HistoryStore store = HistoryStore.open(settings, HistorySettings.DEFAULT_FILE)) {
            for (Path file : writtenJson) {
                RunResult result = JsonResultReader.runResult(file);
                added += RunSummary.kept(result) && store.add(RunSummary.of(result, file.toString(),
                        Files.readAllBytes(file))) ? 1 : 0;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read a result this run wrote", e);
        }
        return added;
    }
}
