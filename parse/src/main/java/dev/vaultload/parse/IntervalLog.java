package dev.vaultload.parse;

import dev.vaultload.report.HistogramIntervalLog;
import dev.vaultload.report.ReportFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A run's HdrHistogram interval log (.hlog, written beside its JSON result): per operation, the latencies of
 * every period, and what is left of them once the warm-up at the start of the run is left out. The log's counts of
 * failures per period ({@link HistogramIntervalLog#errorTag}) are not latencies and are skipped.
 *
 * @param startMillis  when the first period began, on the log's clock
 * @param byOperation  operation -> its periods in order (a period without that operation has no entry)
 */
public record IntervalLog(long startMillis, Map<String, List<IntervalLatencies>> byOperation) {

    /** The interval log of a JSON result, {@code NAME.json} -> {@code NAME.hlog}. */
    public static Path besideJson(Path json) {
        return ReportFiles.histogramLogBeside(json);
    }

    /** The log, or empty when there is none. */
    public static Optional<IntervalLog> read(Path hlog) {
        if (!Files.isRegularFile(hlog)) {
            return Optional.empty();
        }
        Map<String, List<IntervalLatencies>> byOperation = new LinkedHashMap<>();
        long startMillis = Long.MAX_VALUE;
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            for (EncodableHistogram interval = reader.nextIntervalHistogram(); interval != null;
                 interval = reader.nextIntervalHistogram()) {
                if (!(interval instanceof AbstractHistogram histogram) || interval.getTag() == null) {
                    throw new UncheckedIOException(new IOException(hlog + ": not a Vaultload interval log (untagged or"
                            + " floating-point histograms)"));
                }
                if (HistogramIntervalLog.isErrorTag(interval.getTag())) {
                    continue;
                }
                startMillis = Math.min(startMillis, histogram.getStartTimeStamp());
                byOperation.computeIfAbsent(interval.getTag(), tag -> new ArrayList<>()).add(IntervalLatencies.of(histogram));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + hlog, e);
        }
        return Optional.of(new IntervalLog(startMillis, byOperation));
    }

    /** The periods that began once {@code warmupMillis} had passed since the first one. */
    public SteadyState steady(long warmupMillis) {
        long fromMillis = startMillis + warmupMillis;
        Map<String, List<IntervalLatencies>> steady = new LinkedHashMap<>();
        long windowStartMillis = Long.MAX_VALUE;
        long windowEndMillis = Long.MIN_VALUE;
        for (Map.Entry<String, List<IntervalLatencies>> operation : byOperation.entrySet()) {
            List<IntervalLatencies> kept = operation.getValue().stream().filter(i -> i.startMillis() >= fromMillis).toList();
            steady.put(operation.getKey(), kept);
            for (IntervalLatencies interval : kept) {
                windowStartMillis = Math.min(windowStartMillis, interval.startMillis());
                windowEndMillis = Math.max(windowEndMillis, interval.endMillis());
            }
        }
        return new SteadyState(Math.max(0, windowEndMillis - windowStartMillis), steady);
    }

    /**
     * What a run measured after its warm-up.
     *
     * @param windowMillis from the start of the first kept period to the end of the last, any operation
     */
    public record SteadyState(long windowMillis, Map<String, List<IntervalLatencies>> byOperation) {
        private static final double MILLIS_PER_SECOND = 1000.0;

        public List<IntervalLatencies> intervals(String operation) {
            return byOperation.getOrDefault(operation, List.of());
        }

        /** Completed operations per wall-clock second of the window; NaN for an empty window. */
        public double opsPerSecond(String operation) {
            long count = intervals(operation).stream().mapToLong(IntervalLatencies::totalCount).sum();
            return windowMillis == 0 ? Double.NaN : count * MILLIS_PER_SECOND / windowMillis;
        }
    }
}
