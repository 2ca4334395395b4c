package dev.vaultload.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The statistics blocks in Datasafe's format as a file, one block per result appended, so that Datasafe's parse
 * scripts and ours read a shard's or a merged run's figures without its console log.
 */
public final class DatasafeLogFile implements ReportSink {
    public static final String NAME = "statistics.log";

    private final Path file;
    private final String thread;

    /** @param thread what the prefix names as the thread, e.g. {@code shard-2} or {@code merge} */
    public DatasafeLogFile(Path file, String thread) {
        this.file = file;
        this.thread = thread;
    }

    @Override
    public void write(RunResult result) {
        // the console log's prefix, whose logger name Datasafe's scripts take the suite from
        String prefix = result.timing().startedAt() + " [" + thread + "] INFO " + result.setup().suite() + " - ";
        List<String> lines = new DatasafeStatisticsLog(null).lines(result).stream().map(line -> prefix + line).toList();
        try {
            Files.write(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
