package dev.vaultload.report;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.LatencyHistograms;
import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The entries of a dead run's .hlog up to the last period its journal says was flushed, read with HdrHistogram's own
 * reader: what a recovered result counts and what a resumed run copies into its own log. A period the log began to write
 * after that one, possibly cut off by the kill, is left out.
 */
public final class FlushedPeriods {
    /** The .hlog's times are written in seconds with three decimals: a millisecond either way is the same instant. */
    private static final long ROUNDING_MILLIS = 1;

    private FlushedPeriods() {
    }

    /**
     * Each entry (an operation's latencies or a class's failures, tagged, with absolute time stamps) that ended by
     * {@code untilEpochMillis}, in the log's order.
     */
    public static void forEach(Path hlog, long untilEpochMillis, Consumer<Histogram> entry) {
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            for (Optional<Histogram> next = nextWhole(reader, hlog); next.isPresent(); next = nextWhole(reader, hlog)) {
                if (next.get().getEndTimeStamp() > untilEpochMillis + ROUNDING_MILLIS) {
                    return;
                }
                entry.accept(next.get());
            }
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException("cannot read interval log " + hlog, e);
        }
    }

    /** Each operation's latencies over the entries that ended by {@code untilEpochMillis}. */
    public static Map<OperationType, Histogram> latencies(Path hlog, long untilEpochMillis) {
        Map<OperationType, Histogram> byType = new EnumMap<>(OperationType.class);
        forEach(hlog, untilEpochMillis, period -> operationType(period.getTag()).ifPresent(type ->
                byType.computeIfAbsent(type, ignored -> LatencyHistograms.histogram()).add(period)));
        return byType;
    }

    /** The next entry; empty at the end, or at a last line the kill cut off (the reader cannot go past it). */
    private static Optional<Histogram> nextWhole(HistogramLogReader reader, Path hlog) {
        EncodableHistogram next;
        try {
            next = reader.nextIntervalHistogram();
        } catch (RuntimeException cutOff) {
            return Optional.empty();
        }
        if (next != null && !(next instanceof Histogram)) {
            throw new IllegalArgumentException(hlog + ": an entry of another kind than Vaultload's latency histograms");
        }
        return Optional.ofNullable((Histogram) next);
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
