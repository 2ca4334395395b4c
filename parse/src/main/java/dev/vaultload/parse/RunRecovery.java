package dev.vaultload.parse;

import dev.vaultload.report.CsvReportWriter;
import dev.vaultload.report.JsonReportWriter;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.RunJournal;
import dev.vaultload.report.RunJournalReader;
import dev.vaultload.report.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code vaultload recover}: the results a dead run would have written, from the run journals in a folder and the
 * .hlog beside each ({@link IncompleteResult}), as the run writes them (JSON, CSV), each marked incomplete. A journal
 * whose combination finished is left alone, as is one whose JSON the run wrote itself (it died before the journal's
 * last line); a journal whose process still runs is refused.
 */
public final class RunRecovery {
    /** The exit status of a command that recovered an incomplete run: not a pass, and not a run judged failed. */
    public static final int INCOMPLETE_EXIT_STATUS = 6;

    /** A recovered combination: its journal, the JSON written, the result. */
    public record Recovered(Path journal, Path json, RunResult result) {
    }

    /**
     * @param recovered the combinations whose results were written now
     * @param finished  the journals of combinations that wrote their result themselves
     */
    public record Outcome(List<Recovered> recovered, List<Path> finished) {
        /** The line that says a result is incomplete, for the console. */
        public static String line(Recovered recovered) {
            return "recovered " + recovered.json() + ": incomplete: " + recovered.result().timing().incomplete();
        }
    }

    /**
     * The journals in {@code folder} and below, each recovered or left alone; none is no error (a folder of older runs).
     *
     * @throws IllegalArgumentException when a journal cannot be read (newer version, malformed), its .hlog is missing,
     *                                  or its process still runs
     */
    public Outcome recover(Path folder) {
        List<Path> journals = ResultLoader.filesEndingWith(folder, RunJournal.SUFFIX);
        List<Recovered> recovered = new ArrayList<>();
        List<Path> finished = new ArrayList<>();
        for (Path file : journals) {
            RunJournalReader.Journal journal = RunJournalReader.read(file);
            ReportFiles files = new ReportFiles(file.getParent(), ReportFiles.baseNameOfJournal(file));
            if (journal.finished() || writtenByTheRun(files.json())) {
                finished.add(file);
                continue;
            }
            refuseWhileRunning(journal);
            if (!Files.isRegularFile(files.histogramLog())) {
                throw new IllegalArgumentException(file + ": its interval log " + files.histogramLog().getFileName()
                        + " is missing; the counts are recovered from it");
            }
            RunResult result = IncompleteResult.of(journal, files.histogramLog());
            new JsonReportWriter(files.json()).write(result);
            new CsvReportWriter(files.csv()).write(result);
            recovered.add(new Recovered(file, files.json(), result));
        }
        return new Outcome(recovered, finished);
    }

    /**
     * A whole JSON there that a recovery did not write: the run wrote its result and died before journaling it. One
     * cut off while the run wrote it is no result.
     */
    private static boolean writtenByTheRun(Path json) {
        if (!Files.isRegularFile(json)) {
            return false;
        }
        try {
            return JsonResultReader.runResult(json).timing().incomplete() == null;
        } catch (IOException cutOff) {
            return false;
        }
    }

    private static void refuseWhileRunning(RunJournalReader.Journal journal) {
        if (journal.processRunning()) {
            throw new IllegalArgumentException(journal.file() + ": its run is still going (process " + journal.start().pid()
                    + "); recover a run whose process has ended");
        }
    }
}
