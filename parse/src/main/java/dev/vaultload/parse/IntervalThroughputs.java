package dev.vaultload.parse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.DoubleHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The ops/s of every period of a run, per operation, from the HdrHistogram interval log (.hlog) written beside
 * its JSON result: independent samples of throughput for a significance test when a run was not repeated.
 */
public final class IntervalThroughputs {
    private static final double MILLIS_PER_SECOND = 1000.0;

    /** The interval log of a JSON result, {@code NAME.json} -> {@code NAME.hlog}. */
    public static Path besideJson(Path json) {
        return json.resolveSibling(json.getFileName().toString().replaceFirst("\\.json$", ".hlog"));
    }

    /** Operation -> ops/s of each interval; empty if there is no log. */
    public Map<String, List<Double>> read(Path hlog) {
        Map<String, List<Double>> opsPerSecond = new LinkedHashMap<>();
        if (!Files.isRegularFile(hlog)) {
            return opsPerSecond;
        }
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            for (EncodableHistogram interval = reader.nextIntervalHistogram(); interval != null;
                 interval = reader.nextIntervalHistogram()) {
                long durationMillis = interval.getEndTimeStamp() - interval.getStartTimeStamp();
                if (durationMillis > 0 && interval.getTag() != null) {
                    opsPerSecond.computeIfAbsent(interval.getTag(), tag -> new ArrayList<>())
                            .add(count(interval) * MILLIS_PER_SECOND / durationMillis);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + hlog, e);
        }
        return opsPerSecond;
    }

    private static long count(EncodableHistogram histogram) {
        return switch (histogram) {
            case AbstractHistogram integer -> integer.getTotalCount();
            case DoubleHistogram floating -> floating.getTotalCount();
            default -> throw new IllegalStateException("unknown histogram type " + histogram.getClass());
        };
    }
}
