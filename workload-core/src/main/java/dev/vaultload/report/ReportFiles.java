package dev.vaultload.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The files of one combination under the report directory: {@code NAME.json}, {@code NAME.csv}, {@code NAME.hlog}. */
public final class ReportFiles {
    private final Path directory;
    private final String baseName;

    public ReportFiles(Path directory, String baseName) {
        this.directory = directory;
        this.baseName = baseName;
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create report directory " + directory, e);
        }
    }

    public Path histogramLog() {
        return directory.resolve(baseName + ".hlog");
    }

    public Path json() {
        return directory.resolve(baseName + ".json");
    }

    public Path csv() {
        return directory.resolve(baseName + ".csv");
    }

    /** The sinks of the result files: JSON and CSV (the .hlog is written during the run). */
    public List<ReportSink> sinks() {
        return List.of(new JsonReportWriter(json()), new CsvReportWriter(csv()));
    }
}
