package dev.vaultload.report;

import dev.vaultload.stats.Interval;
import dev.vaultload.stats.IntervalListener;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes each period's latency histograms to an HdrHistogram interval log (.hlog), one tagged entry per
 * operation type, in microseconds. The file is written as the run goes so a long run keeps nothing in memory;
 * HdrHistogram's HistogramLogProcessor and plotters read it.
 */
public final class HistogramIntervalLog implements IntervalListener, AutoCloseable {
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private boolean headerWritten;

    public HistogramIntervalLog(Path file, String comment) {
        this(open(file), comment);
    }

    private HistogramIntervalLog(PrintStream out, String comment) {
        this.out = out;
        this.writer = new HistogramLogWriter(out);
        writer.outputComment(comment);
    }

    /** A log that keeps nothing: for a run whose REPORT_FORMATS leave HLOG out. */
    public static HistogramIntervalLog discarding() {
        return new HistogramIntervalLog(new PrintStream(OutputStream.nullOutputStream()), "");
    }

    private static PrintStream open(Path file) {
        try {
            return new PrintStream(file.toFile(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write histogram log " + file, e);
        }
    }

    @Override
    public void onInterval(Interval interval) {
        if (!headerWritten) {
            writer.outputLogFormatVersion();
            writer.outputStartTime(interval.startEpochMillis());
            writer.setBaseTime(interval.startEpochMillis());
            writer.outputLegend();
            headerWritten = true;
        }
        interval.latencyMicros().forEach((type, histogram) -> {
            if (histogram.getTotalCount() > 0) {
                histogram.setTag(type.name());
                histogram.setStartTimeStamp(interval.startEpochMillis());
                histogram.setEndTimeStamp(interval.endEpochMillis());
                writer.outputIntervalHistogram(histogram);
            }
        });
        out.flush();
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
