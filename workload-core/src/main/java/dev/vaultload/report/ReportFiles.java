package dev.vaultload.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;

/**
 * The files of one result under the report directory, {@code NAME.json}, {@code NAME.csv}, {@code NAME.hlog},
 * {@code NAME.journal.jsonl}: the one place their names are built and read back (by the merge, by readers that pair a
 * JSON with its .hlog, by the recovery of a journal).
 */
public final class ReportFiles {
    private static final DateTimeFormatter STARTED = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    private static final String JSON = ".json";
    private static final String HLOG = ".hlog";
    /** The threads field of a base name, {@code -4t-}: FIXTURE results and their merges have it. */
    private static final Pattern THREADS_FIELD = Pattern.compile("-\\d+t-");

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

    /**
     * A result's base name, {@code KIND-STORAGE-WHAT-SIZEk-CIPHER-yyyyMMdd-HHmmss}: KIND the suite or the load mode,
     * WHAT the threads ({@code 4t}, see {@link #withThreads}) or the load's operation.
     */
    public static String baseName(String kind, String storage, String what, int fileSizeKib, String cipher,
                                  Instant startedAt) {
        return kind + "-" + storage + "-" + what + "-" + fileSizeKib + "k-" + cipher + "-" + STARTED.format(startedAt);
    }

    /** The threads field of a FIXTURE result's base name, {@code 4t}. */
    public static String threadsField(int threads) {
        return threads + "t";
    }

    /** A FIXTURE result's base name with its threads field replaced: a merge names the threads of all shards. */
    public static String withThreads(String baseName, int threads) {
        return THREADS_FIELD.matcher(baseName).replaceFirst("-" + threadsField(threads) + "-");
    }

    /** The base name of a result's JSON file. */
    public static String baseNameOf(Path json) {
        return json.getFileName().toString().replaceFirst(Pattern.quote(JSON) + "$", "");
    }

    /** The .hlog written beside a result's JSON. */
    public static Path histogramLogBeside(Path json) {
        return json.resolveSibling(baseNameOf(json) + HLOG);
    }

    public String baseName() {
        return baseName;
    }

    public Path histogramLog() {
        return directory.resolve(baseName + HLOG);
    }

    public Path json() {
        return directory.resolve(baseName + JSON);
    }

    /** The JSON file when REPORT_FORMATS writes one. */
    public Optional<Path> jsonIn(Set<ResultFormat> formats) {
        return formats.contains(ResultFormat.JSON) ? Optional.of(json()) : Optional.empty();
    }

    public Path csv() {
        return directory.resolve(baseName + ".csv");
    }

    /**
     * The writers of a finished result in the chosen formats, the same for every mode: Datasafe's statistics block
     * (DATASAFE_LOG) and the time split, the served-within table, soak health and the endpoints' requests (CONSOLE) on
     * {@code console}, then
     * the JSON and CSV files. The .hlog is written during the run ({@link #histogramLog()}), report.html over the
     * folder after it.
     */
    public List<ReportSink> sinks(Logger console, Set<ResultFormat> formats) {
        List<ReportSink> sinks = new ArrayList<>();
        if (formats.contains(ResultFormat.DATASAFE_LOG)) {
            sinks.add(new DatasafeStatisticsLog(console));
        }
        if (formats.contains(ResultFormat.CONSOLE)) {
            sinks.addAll(List.of(new TimeSplitLog(console), new StoreTrafficLog(console), new ServedWithinTable(console),
                    new SoakHealthLog(console),
                    new EndpointLog(console), new CeilingLog(console), new ThresholdLog(console)));
        }
        if (formats.contains(ResultFormat.JSON)) {
            sinks.add(new JsonReportWriter(json()));
        }
        if (formats.contains(ResultFormat.CSV)) {
            sinks.add(new CsvReportWriter(csv()));
        }
        return sinks;
    }

    /** The interval log of a run, while it goes: written when HLOG is chosen, else a listener that keeps nothing. */
    public HistogramIntervalLog histogramLog(Set<ResultFormat> formats, String comment) {
        return formats.contains(ResultFormat.HLOG) ? new HistogramIntervalLog(histogramLog(), comment)
                : HistogramIntervalLog.discarding();
    }

    public Path journal() {
        return directory.resolve(baseName + RunJournal.SUFFIX);
    }

    /** The run's journal, while it goes: written with the .hlog (HLOG), which recovers its figures; else nothing. */
    public RunJournal journal(Set<ResultFormat> formats) {
        return formats.contains(ResultFormat.HLOG) ? RunJournal.writingTo(journal()) : RunJournal.discarding();
    }

    /** The base name of a run journal's files. */
    public static String baseNameOfJournal(Path journal) {
        return journal.getFileName().toString().replaceFirst(Pattern.quote(RunJournal.SUFFIX) + "$", "");
    }
}
