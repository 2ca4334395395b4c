package dev.vaultload.parse;

import dev.vaultload.report.HistogramIntervalLog;
import dev.vaultload.report.LifeGap;
import dev.vaultload.report.MergeSummary;
import dev.vaultload.stats.LatencyHistograms;
import dev.vaultload.stats.OperationStatistics;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The shards' interval logs as one, on absolute time: each shard's periods are added into common periods of the
 * same length, counted from the earliest shard's start (a period goes where it began). Streamed: the logs are read
 * side by side in time order, so memory holds one period per shard and one merged period, however long the run.
 * On the way it adds up the merged periods that lie wholly inside the steady window (latencies only: the periods'
 * failure counts are unioned into the log but are no operation of the window).
 */
final class IntervalLogUnion {
    private final long periodMillis;
    private final long originMillis;

    /**
     * @param periodMillis the shards' PERIOD
     * @param originMillis the earliest shard's first period start
     */
    IntervalLogUnion(long periodMillis, long originMillis) {
        this.periodMillis = periodMillis;
        this.originMillis = originMillis;
    }

    /**
     * Writes the union of {@code logs} to {@code merged} and measures the steady window.
     *
     * @param windowStartMillis the steady window, on the epoch clock; {@code windowEndMillis <= windowStartMillis}
     *                          for none
     * @param gaps              when a restarted shard had no process: a period that meets one is no steady load
     * @return the steady window's figures, null when no whole merged period lies inside it
     */
    MergeSummary.SteadyWindow write(List<Path> logs, Path merged, String comment, long windowStartMillis,
                                    long windowEndMillis, List<LifeGap> gaps) {
        PriorityQueue<Head> heads = new PriorityQueue<>(Comparator.comparingLong(head -> head.period.startMillis()));
        List<IntervalLogPeriods> readers = new ArrayList<>();
        Map<String, Histogram> steady = new TreeMap<>();
        long steadyPeriods = 0;
        try (PrintStream out = new PrintStream(merged.toFile(), StandardCharsets.UTF_8)) {
            for (Path log : logs) {
                IntervalLogPeriods reader = new IntervalLogPeriods(log);
                readers.add(reader);
                Head.next(reader).ifPresent(heads::add);
            }
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment(comment);
            writer.outputLogFormatVersion();
            writer.outputStartTime(originMillis);
            writer.setBaseTime(originMillis);
            writer.outputLegend();
            PeriodHistograms period = new PeriodHistograms();
            long periodIndex = -1;
            while (!heads.isEmpty()) {
                Head head = heads.poll();
                long index = Math.floorDiv(head.period.startMillis() - originMillis, periodMillis);
                if (index != periodIndex) {
                    steadyPeriods += flush(writer, period, periodIndex, windowStartMillis, windowEndMillis, gaps, steady);
                    periodIndex = index;
                }
                period.add(head);
                Head.next(head.reader).ifPresent(heads::add);
            }
            steadyPeriods += flush(writer, period, periodIndex, windowStartMillis, windowEndMillis, gaps, steady);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + merged, e);
        } finally {
            readers.forEach(IntervalLogPeriods::close);
        }
        return steadyPeriods == 0 ? null : steadyWindow(steady, steadyPeriods * periodMillis, windowStartMillis,
                windowEndMillis);
    }

    /** @return 1 when the period lay wholly inside the steady window (and was added to it), else 0 */
    private int flush(HistogramLogWriter writer, PeriodHistograms period, long index, long windowStartMillis,
                      long windowEndMillis, List<LifeGap> gaps, Map<String, Histogram> steady) {
        if (period.isEmpty()) {
            return 0;
        }
        long startMillis = originMillis + index * periodMillis;
        boolean inWindow = startMillis >= windowStartMillis && startMillis + periodMillis <= windowEndMillis
                && gaps.stream().noneMatch(gap -> gap.meets(startMillis, startMillis + periodMillis));
        period.forEachAndReset((tag, histogram) -> {
            histogram.setTag(tag);
            histogram.setStartTimeStamp(startMillis);
            histogram.setEndTimeStamp(startMillis + periodMillis);
            writer.outputIntervalHistogram(histogram);
            if (inWindow && !HistogramIntervalLog.isErrorTag(tag)) {
                addRecorded(steady.computeIfAbsent(tag, t -> LatencyHistograms.histogram()), histogram);
            }
        });
        return inWindow ? 1 : 0;
    }

    /**
     * Adds {@code source} bucket by bucket: a period holds a few hundred non-empty buckets of thousands, and
     * {@link Histogram#add} walks them all. Exact: each bucket's value lands in the same bucket of {@code target}.
     */
    private static void addRecorded(Histogram target, Histogram source) {
        for (HistogramIterationValue bucket : source.recordedValues()) {
            target.recordValueWithCount(bucket.getValueIteratedTo(), bucket.getCountAtValueIteratedTo());
        }
    }

    /**
     * The merged period being filled, one histogram per tag seen in it, kept and reset between periods rather than
     * allocated anew (a period of a 100-shard run is one of thousands).
     */
    private static final class PeriodHistograms {
        private final Map<String, Histogram> byTag = new TreeMap<>();
        private final java.util.Set<String> seen = new java.util.TreeSet<>();
        private final EncodedCounts encodedCounts = new EncodedCounts();

        void add(Head head) {
            String tag = head.period.tag();
            seen.add(tag);
            try {
                encodedCounts.addTo(byTag.computeIfAbsent(tag, t -> LatencyHistograms.histogram()), head.period.compressed());
            } catch (DataFormatException e) {
                throw new UncheckedIOException(new IOException(head.reader.where() + ": " + e.getMessage(), e));
            }
        }

        boolean isEmpty() {
            return seen.isEmpty();
        }

        void forEachAndReset(java.util.function.BiConsumer<String, Histogram> action) {
            for (String tag : seen) {
                Histogram histogram = byTag.get(tag);
                action.accept(tag, histogram);
                histogram.reset();
            }
            seen.clear();
        }
    }

    private static MergeSummary.SteadyWindow steadyWindow(Map<String, Histogram> steady, long coveredMillis,
                                                          long windowStartMillis, long windowEndMillis) {
        Map<String, Double> opsPerSecond = new LinkedHashMap<>();
        Map<String, Map<String, Long>> percentiles = new LinkedHashMap<>();
        steady.forEach((tag, histogram) -> {
            opsPerSecond.put(tag, histogram.getTotalCount() * 1000.0 / coveredMillis);
            percentiles.put(tag, OperationStatistics.percentiles(histogram));
        });
        return new MergeSummary.SteadyWindow(windowStartMillis, windowEndMillis, opsPerSecond, percentiles);
    }

    /** A log's next period, on the epoch clock. */
    private record Head(IntervalLogPeriods reader, IntervalLogPeriods.Period period) {
        static java.util.Optional<Head> next(IntervalLogPeriods reader) {
            return reader.next().map(period -> {
                if (period.tag() == null) {
                    throw new UncheckedIOException(new IOException(reader.where() + ": not a Vaultload interval log"
                            + " (untagged histograms)"));
                }
                return new Head(reader, period);
            });
        }
    }
}
