package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.RunJournal;
import dev.vaultload.report.RunJournalReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A {@code vaultload run} in a JVM of its own, for the tests that kill it: started on this JVM's class path, watched
 * through its run journal (read as recover reads it), and the .hlog's counts read back with HdrHistogram's own reader.
 */
final class JournaledSoak {
    private final Path reports;

    JournaledSoak(Path reports) {
        this.reports = reports;
    }

    /**
     * Starts {@code vaultload run ARGS --report-dir REPORTS}, its output in {@code log}.
     *
     * @param environment the child's whole environment besides PATH and HOME: a store's keys go there, not on the
     *                    command line
     */
    Process start(List<String> args, Map<String, String> environment, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(), "-cp",
                System.getProperty("java.class.path"), "-Djava.awt.headless=true", VaultloadCli.class.getName(), "run"));
        command.addAll(args);
        command.addAll(List.of("--REPORT_DIR", reports.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().retainAll(List.of("PATH", "HOME"));
        builder.environment().putAll(environment);
        return builder.start();
    }

    /**
     * Until a journal of the folder (of one of the run's combinations) satisfies {@code ready}, which it returns; fails
     * when the run ends first or after {@code limit}.
     */
    RunJournalReader.Journal await(Process soak, Predicate<RunJournalReader.Journal> ready, Duration limit)
            throws Exception {
        long deadlineNanos = System.nanoTime() + limit.toNanos();
        while (true) {
            assertTrue(soak.isAlive(), "the soak ended before it was killed");
            assertTrue(System.nanoTime() < deadlineNanos, "the soak's journal was not as awaited within " + limit);
            Optional<RunJournalReader.Journal> journal = all(RunJournal.SUFFIX).stream().map(JournaledSoak::readSoFar)
                    .flatMap(Optional::stream).filter(ready).findFirst();
            if (journal.isPresent()) {
                return journal.get();
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

    /** Each operation's count in the .hlog's periods that ended by {@code untilEpochMillis}. */
    static Map<String, Long> countsUpTo(Path hlog, long untilEpochMillis) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            for (EncodableHistogram period = next(reader); period != null; period = next(reader)) {
                boolean operation = !period.getTag().startsWith("errors.");
                if (operation && period.getEndTimeStamp() <= untilEpochMillis + 1) {
                    counts.merge(period.getTag(), ((AbstractHistogram) period).getTotalCount(), Long::sum);
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

    Optional<Path> find(String suffix) throws IOException {
        return all(suffix).stream().findFirst();
    }

    /** The folder's files ending with {@code suffix}, by name. */
    List<Path> all(String suffix) throws IOException {
        try (Stream<Path> files = Files.list(reports)) {
            return files.filter(file -> file.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    Path only(String suffix) throws IOException {
        return find(suffix).orElseThrow(() -> new AssertionError("no *" + suffix + " in " + reports));
    }
}
