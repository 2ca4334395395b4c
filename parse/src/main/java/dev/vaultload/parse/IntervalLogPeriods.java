package dev.vaultload.parse;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;

/**
 * Reads an HdrHistogram interval log period by period, leaving each period's histogram encoded: the merge adds it
 * into its own with {@link EncodedCounts} rather than decoding it into a histogram of its own. Timestamps come out
 * on the epoch clock: relative ones are counted from the log's BaseTime, else from its StartTime, as HdrHistogram's
 * reader does.
 */
final class IntervalLogPeriods implements Closeable {
    private static final String TAG = "Tag=";
    /** A start this far before the log's StartTime is relative to it (HdrHistogram's own rule). */
    private static final double RELATIVE_BELOW_SECONDS = 365 * 24 * 3600.0;

    /** One period: its tag, start and end (epoch ms) and its histogram as compressed bytes. */
    record Period(String tag, long startMillis, long endMillis, ByteBuffer compressed) {
    }

    private final Path log;
    private final BufferedReader lines;
    private double baseTimeSeconds = Double.NaN;
    private double startTimeSeconds = Double.NaN;
    private long lineNumber;

    IntervalLogPeriods(Path log) {
        this.log = log;
        try {
            this.lines = Files.newBufferedReader(log, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        }
    }

    /** The next period; empty at the end of the log. */
    Optional<Period> next() {
        try {
            for (String line; (line = lines.readLine()) != null; ) {
                lineNumber++;
                if (line.startsWith("#[BaseTime: ")) {
                    baseTimeSeconds = leadingNumber(line.substring("#[BaseTime: ".length()));
                } else if (line.startsWith("#[StartTime: ")) {
                    startTimeSeconds = leadingNumber(line.substring("#[StartTime: ".length()));
                } else if (!line.isEmpty() && !line.startsWith("#") && !line.startsWith("\"")) {
                    return Optional.of(period(line));
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        } catch (RuntimeException e) {
            throw new UncheckedIOException(new IOException(where() + ": not an interval log period"
                    + " (Tag=TAG,start,length,max,histogram): " + e.getMessage(), e));
        }
    }

    /** The file and line last read, for messages. */
    String where() {
        return log + " line " + lineNumber;
    }

    /** {@code Tag=WRITE,12.000,1.000,5.321,HISTFAAA...}: tag, start and length in seconds, max, compressed histogram. */
    private Period period(String line) {
        String tag = null;
        String rest = line;
        if (line.startsWith(TAG)) {
            int comma = line.indexOf(',');
            tag = line.substring(TAG.length(), comma);
            rest = line.substring(comma + 1);
        }
        String[] fields = rest.split(",", 4);
        if (fields.length != 4) {
            throw new IllegalArgumentException("expected 4 fields after the tag, found " + fields.length);
        }
        double startSeconds = Double.parseDouble(fields[0]);
        double absoluteStartSeconds = startSeconds + offsetSeconds(startSeconds);
        double lengthSeconds = Double.parseDouble(fields[1]);
        return new Period(tag, Math.round(absoluteStartSeconds * 1000),
                Math.round((absoluteStartSeconds + lengthSeconds) * 1000),
                ByteBuffer.wrap(Base64.getDecoder().decode(fields[3])));
    }

    /** What to add to a period's start: the BaseTime if given, else the StartTime when the start is relative. */
    private double offsetSeconds(double startSeconds) {
        if (!Double.isNaN(baseTimeSeconds)) {
            return baseTimeSeconds;
        }
        return !Double.isNaN(startTimeSeconds) && startSeconds < startTimeSeconds - RELATIVE_BELOW_SECONDS ? startTimeSeconds : 0;
    }

    private static double leadingNumber(String text) {
        int end = 0;
        while (end < text.length() && (Character.isDigit(text.charAt(end)) || text.charAt(end) == '.')) {
            end++;
        }
        return Double.parseDouble(text.substring(0, end));
    }

    @Override
    public void close() {
        try {
            lines.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + log, e);
        }
    }
}
