package dev.vaultload.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;

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

    /**
     * The writers of a finished result, the same for every mode: Datasafe's statistics block, the time split, the
     * served-within table and soak health on {@code console}, then the JSON and CSV files (the .hlog is written
     * during the run, {@link #histogramLog()}).
     */
    public List<ReportSink> sinks(Logger console) {
        return List.of(new DatasafeStatisticsLog(console), new TimeSplitLog(console), new ServedWithinTable(console),
                new SoakHealthLog(console), new JsonReportWriter(json()), new CsvReportWriter(csv()));
    }
}
