package dev.vaultload.parse;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.HistogramIntervalLog;
import dev.vaultload.stats.LatencyHistograms;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The latencies of a dead run's .hlog up to the last period its journal says was flushed, per operation: what a
 * recovered result counts. A period the log began to write after that one, possibly cut off by the kill, is left out.
 */
final class FlushedPeriods {
    /** The .hlog's times are written in seconds with three decimals: a millisecond either way is the same instant. */
    private static final long ROUNDING_MILLIS = 1;

    private FlushedPeriods() {
    }

    /** @param untilEpochMillis the end of the last period flushed */
    static Map<OperationType, Histogram> read(Path hlog, long untilEpochMillis) {
        Map<OperationType, Histogram> byType = new EnumMap<>(OperationType.class);
        EncodedCounts counts = new EncodedCounts();
        try (IntervalLogPeriods periods = new IntervalLogPeriods(hlog)) {
            for (Optional<IntervalLogPeriods.Period> next = nextWhole(periods); next.isPresent(); next = nextWhole(periods)) {
                IntervalLogPeriods.Period period = next.get();
                if (period.endMillis() > untilEpochMillis + ROUNDING_MILLIS) {
                    break;
                }
                Optional<OperationType> type = operationType(period.tag());
                if (type.isPresent()) {
                    counts.addTo(byType.computeIfAbsent(type.get(), ignored -> LatencyHistograms.histogram()),
                            period.compressed());
                }
            }
        } catch (DataFormatException e) {
            throw new IllegalArgumentException(hlog + ": a period's histogram cannot be decoded: " + e.getMessage(), e);
        }
        return byType;
    }

    /** The next period; empty at the end, or when the last line is cut off (a process killed while writing it). */
    private static Optional<IntervalLogPeriods.Period> nextWhole(IntervalLogPeriods periods) {
        try {
            return periods.next();
        } catch (UncheckedIOException malformed) {
            if (periods.next().isEmpty()) {
                return Optional.empty();
            }
            throw malformed;
        }
    }

    /** The operation an entry's tag names; empty for the failures' entries. */
    private static Optional<OperationType> operationType(String tag) {
        if (tag == null || HistogramIntervalLog.isErrorTag(tag)) {
            return Optional.empty();
        }
        try {
            return Optional.of(OperationType.valueOf(tag));
        } catch (IllegalArgumentException notAnOperation) {
            return Optional.empty();
        }
    }
}
