package dev.vaultload.report;

import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.Interval;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.LatencyHistograms;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes each period's latency histograms to an HdrHistogram interval log (.hlog), one tagged entry per
 * operation type, in microseconds, and one entry per error class that failed in the period, tagged
 * {@code errors.CLASS} ({@link #errorTag}): its count is the period's failures of that class, its values are 0 (a
 * failure's latency is not recorded), so the log says when errors happened and a merge adds them like any period.
 * The file is written as the run goes so a long run keeps nothing in memory; HdrHistogram's
 * HistogramLogProcessor and plotters read it.
 */
public final class HistogramIntervalLog implements IntervalListener, AutoCloseable {
    private static final String ERROR_TAG_PREFIX = "errors.";

    private final PrintStream out;
    private final HistogramLogWriter writer;
    private final Histogram failures = new Histogram(LatencyHistograms.SIGNIFICANT_DIGITS);
    /** Failures by class up to the previous period of the current reporter (a reporter counts from its start). */
    private final Map<ErrorClass, Long> failuresBefore = new EnumMap<>(ErrorClass.class);
    private boolean headerWritten;

    public HistogramIntervalLog(Path file, String comment) {
        this(open(file), comment);
    }

    /** @param comment the first line's, null for none (a log continued after a gap) */
    private HistogramIntervalLog(PrintStream out, String comment) {
        this.out = out;
        this.writer = new HistogramLogWriter(out);
        if (comment != null) {
            writer.outputComment(comment);
        }
    }

    /**
     * The log of a resumed run: {@code file}'s entries up to {@code untilEpochMillis} (what the dead process flushed,
     * {@link FlushedPeriods}) kept on their own time base, each gap's comment line where it fell, the last gap's after
     * them, then this process's periods. Written beside it first and moved over it, so that a process killed while
     * copying leaves the old log.
     *
     * @param gaps every gap of the run, in order, this one last
     */
    public static HistogramIntervalLog continuing(Path file, String comment, long untilEpochMillis, List<LifeGap> gaps) {
        Path copy = file.resolveSibling(file.getFileName() + ".resuming");
        try (PrintStream out = open(copy)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment(comment);
            Long[] baseEpochMillis = {null};
            Iterator<LifeGap> gapsToMark = gaps.iterator();
            LifeGap[] nextGap = {gapsToMark.next()};
            FlushedPeriods.forEach(file, untilEpochMillis, entry -> {
                if (baseEpochMillis[0] == null) {
                    baseEpochMillis[0] = entry.getStartTimeStamp();
                    writeHeader(writer, baseEpochMillis[0]);
                }
                while (nextGap[0] != null && entry.getStartTimeStamp() >= nextGap[0].resumedAtEpochMillis()) {
                    writer.outputComment(gapComment(nextGap[0]));
                    nextGap[0] = gapsToMark.hasNext() ? gapsToMark.next() : null;
                }
                writer.outputIntervalHistogram(entry);
            });
            for (; nextGap[0] != null; nextGap[0] = gapsToMark.hasNext() ? gapsToMark.next() : null) {
                writer.outputComment(gapComment(nextGap[0]));
            }
            if (out.checkError()) {
                throw new UncheckedIOException(new IOException("cannot write histogram log " + copy));
            }
            Files.move(copy, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            HistogramIntervalLog log = new HistogramIntervalLog(new PrintStream(new FileOutputStream(file.toFile(), true),
                    false, StandardCharsets.UTF_8), null);
            if (baseEpochMillis[0] != null) { // the time base stays the first life's: both lives' periods on one clock
                log.writer.setBaseTime(baseEpochMillis[0]);
                log.headerWritten = true;
            }
            return log;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resume histogram log " + file, e);
        }
    }

    /** The comment line that marks a resumed run's gap: {@code #gap: 1764300000000 to 1764300042000 ...}. */
    static String gapComment(LifeGap gap) {
        return "gap: " + gap.endedAtEpochMillis() + " to " + gap.resumedAtEpochMillis()
                + " (epoch ms): the process died, another resumed the run";
    }

    /** A log that keeps nothing: for a run whose REPORT_FORMATS leave HLOG out. */
    public static HistogramIntervalLog discarding() {
        return new HistogramIntervalLog(new PrintStream(OutputStream.nullOutputStream()), "");
    }

    private static PrintStream open(Path file) {
        try {
            return new PrintStream(file.toFile(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write histogram log " + file, e);
        }
    }

    /** The tag of an error class's entries, {@code errors.TIMEOUT}. */
    public static String errorTag(ErrorClass errorClass) {
        return ERROR_TAG_PREFIX + errorClass.name();
    }

    /** The error class an entry's tag counts; empty for an operation type's latencies (or an unknown class). */
    public static Optional<ErrorClass> errorClassOf(String tag) {
        if (tag == null || !tag.startsWith(ERROR_TAG_PREFIX)) {
            return Optional.empty();
        }
        String name = tag.substring(ERROR_TAG_PREFIX.length());
        for (ErrorClass errorClass : ErrorClass.values()) {
            if (errorClass.name().equals(name)) {
                return Optional.of(errorClass);
            }
        }
        return Optional.empty();
    }

    /** Whether an entry's tag counts failures rather than an operation type's latencies. */
    public static boolean isErrorTag(String tag) {
        return tag != null && tag.startsWith(ERROR_TAG_PREFIX);
    }

    @Override
    public void onInterval(Interval interval) {
        if (!headerWritten) {
            writeHeader(writer, interval.startEpochMillis());
            headerWritten = true;
        }
        interval.latencyMicros().forEach((type, histogram) -> {
            if (histogram.getTotalCount() > 0) {
                histogram.setTag(type.name());
                writeEntry(histogram, interval);
            }
        });
        if (interval.index() == 0) {
            failuresBefore.clear(); // a new reporter (a HEADROOM step) counts its errors from 0
        }
        interval.errors().forEach((errorClass, total) -> {
            long inPeriod = total - failuresBefore.getOrDefault(errorClass, 0L);
            failuresBefore.put(errorClass, total);
            if (inPeriod > 0) {
                failures.reset();
                failures.recordValueWithCount(0, inPeriod);
                failures.setTag(errorTag(errorClass));
                writeEntry(failures, interval);
            }
        });
        out.flush();
    }

    private static void writeHeader(HistogramLogWriter writer, long startEpochMillis) {
        writer.outputLogFormatVersion();
        writer.outputStartTime(startEpochMillis);
        writer.setBaseTime(startEpochMillis);
        writer.outputLegend();
    }

    private void writeEntry(Histogram histogram, Interval interval) {
        histogram.setStartTimeStamp(interval.startEpochMillis());
        histogram.setEndTimeStamp(interval.endEpochMillis());
        writer.outputIntervalHistogram(histogram);
    }

    /** A {@code #} line after the periods so far, e.g. why the log ends early. */
    public void comment(String text) {
        writer.outputComment(text);
        out.flush();
    }

    @Override
    public void close() {
        out.close();
    }
}
