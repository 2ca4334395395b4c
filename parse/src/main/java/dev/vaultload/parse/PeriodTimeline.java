package dev.vaultload.parse;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.HistogramIntervalLog;
import dev.vaultload.stats.ErrorClass;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.zip.DataFormatException;

/**
 * A run's interval log (.hlog) as a few figures per period, what its report page draws over time: per operation
 * type its completions, p50 and p99; all operations' completions together; per error class its failures. Read in
 * one streamed pass, each period's histogram read from its encoding without building a histogram
 * ({@link EncodedCounts}), so a 72-hour run's log is read in seconds and held as numbers, not histograms.
 *
 * @param operations  per operation type, its periods (a period where it completed nothing is absent)
 * @param total       per period, the completions of all operation types
 * @param errors      per error class, the periods in which it failed
 * @param periodMillis the usual period length: the median of all periods' lengths
 */
record PeriodTimeline(Map<OperationType, Latencies> operations, Counts total, Map<ErrorClass, Counts> errors,
                      long periodMillis) {

    /** Periods of one tag, in time order, on the log's clock (epoch milliseconds). */
    record Counts(long[] startMillis, long[] endMillis, long[] counts) {
        int size() {
            return startMillis.length;
        }

        /** The middle of period {@code index}: where its figure is drawn. */
        double middleMillis(int index) {
            return (startMillis[index] + endMillis[index]) / 2.0;
        }

        /** Events per second of period {@code index}. */
        double perSecond(int index) {
            return counts[index] * 1000.0 / Math.max(1, endMillis[index] - startMillis[index]);
        }
    }

    /** An operation type's periods and the latencies of each. */
    record Latencies(Counts periods, long[] p50Micros, long[] p99Micros) {
    }

    long startMillis() {
        return total.size() == 0 ? 0 : total.startMillis()[0];
    }

    long endMillis() {
        return total.size() == 0 ? 0 : total.endMillis()[total.size() - 1];
    }

    /** The log beside a JSON result, or empty when there is none or it holds no period. */
    static Optional<PeriodTimeline> read(Path hlog) {
        if (!Files.isRegularFile(hlog)) {
            return Optional.empty();
        }
        Reading reading = new Reading();
        try (IntervalLogPeriods periods = new IntervalLogPeriods(hlog)) {
            for (Optional<IntervalLogPeriods.Period> period = periods.next(); period.isPresent(); period = periods.next()) {
                reading.add(period.get(), periods);
            }
        }
        return reading.total.size() == 0 && reading.errors.isEmpty() ? Optional.empty() : Optional.of(reading.timeline());
    }

    /** The periods as they are read; the entries of one period come together, in time order, as every writer writes them. */
    private static final class Reading {
        private final EncodedCounts encoded = new EncodedCounts();
        private final Map<OperationType, Growing> operations = new EnumMap<>(OperationType.class);
        private final Map<ErrorClass, Growing> errors = new EnumMap<>(ErrorClass.class);
        private final Growing total = new Growing();
        private final Growing lengths = new Growing();
        private final Growing bucketValues = new Growing();
        private final Growing bucketCounts = new Growing();

        void add(IntervalLogPeriods.Period period, IntervalLogPeriods log) {
            if (period.tag() == null) {
                throw new UncheckedIOException(new IOException(log.where() + ": not a Vaultload interval log (untagged histograms)"));
            }
            bucketValues.clear();
            bucketCounts.clear();
            try {
                encoded.forEachBucket(period.compressed(), (value, count) -> {
                    bucketValues.add(value);
                    bucketCounts.add(count);
                });
            } catch (DataFormatException e) {
                throw new UncheckedIOException(new IOException(log.where() + ": " + e.getMessage(), e));
            }
            IntervalLatencies latencies = new IntervalLatencies(period.startMillis(), period.endMillis(),
                    bucketValues.toArray(), bucketCounts.toArray());
            Optional<ErrorClass> errorClass = HistogramIntervalLog.errorClassOf(period.tag());
            if (errorClass.isPresent()) {
                errors.computeIfAbsent(errorClass.get(), unused -> new Growing()).addPeriod(latencies);
            } else if (!HistogramIntervalLog.isErrorTag(period.tag())) {
                OperationNames.type(period.tag()).ifPresent(type -> addOperation(type, latencies));
            }
        }

        private void addOperation(OperationType type, IntervalLatencies latencies) {
            operations.computeIfAbsent(type, unused -> new Growing()).addPeriod(latencies);
            lengths.add(latencies.endMillis() - latencies.startMillis());
            if (total.size() > 0 && total.lastStartMillis() == latencies.startMillis()) {
                total.addToLastCount(latencies.totalCount());
            } else {
                total.addPeriod(latencies);
            }
        }

        PeriodTimeline timeline() {
            Map<OperationType, Latencies> byOperation = new EnumMap<>(OperationType.class);
            operations.forEach((type, periods) -> byOperation.put(type, periods.latencies()));
            Map<ErrorClass, Counts> byClass = new EnumMap<>(ErrorClass.class);
            errors.forEach((errorClass, periods) -> byClass.put(errorClass, periods.counts()));
            long[] sortedLengths = lengths.toArray();
            Arrays.sort(sortedLengths);
            long periodMillis = sortedLengths.length == 0 ? 0 : sortedLengths[sortedLengths.length / 2];
            return new PeriodTimeline(Collections.unmodifiableMap(byOperation), total.counts(),
                    Collections.unmodifiableMap(byClass), periodMillis);
        }
    }

    /**
     * Columns of longs that grow as periods are read: start, end, count, p50, p99 (or a single column of bucket
     * values). Arrays, not lists of objects: a long run has hundreds of thousands of periods.
     */
    private static final class Growing {
        private long[][] columns = new long[5][64];
        private int size;

        void add(long value) {
            grow();
            columns[0][size++] = value;
        }

        void addPeriod(IntervalLatencies period) {
            grow();
            columns[0][size] = period.startMillis();
            columns[1][size] = period.endMillis();
            columns[2][size] = period.totalCount();
            columns[3][size] = period.percentileMicros(50);
            columns[4][size++] = period.percentileMicros(99);
        }

        void addToLastCount(long count) {
            columns[2][size - 1] += count;
        }

        long lastStartMillis() {
            return columns[0][size - 1];
        }

        int size() {
            return size;
        }

        void clear() {
            size = 0;
        }

        long[] toArray() {
            return column(0);
        }

        Counts counts() {
            return new Counts(column(0), column(1), column(2));
        }

        Latencies latencies() {
            return new Latencies(counts(), column(3), column(4));
        }

        private long[] column(int index) {
            return Arrays.copyOf(columns[index], size);
        }

        private void grow() {
            if (size == columns[0].length) {
                for (int index = 0; index < columns.length; index++) {
                    columns[index] = Arrays.copyOf(columns[index], size * 2);
                }
            }
        }
    }
}
