package dev.vaultload.report;

import dev.vaultload.stats.OperationStatistics;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a {@link ResultFigure} measures (a threshold, the history), with the unit its value is given in. Latency percentiles are those
 * every report carries ({@link OperationStatistics#PERCENTILES}); the last two are figures of the whole run.
 */
public enum ResultMetric {
    P50("p50", Kind.LATENCY), P75("p75", Kind.LATENCY), P90("p90", Kind.LATENCY), P95("p95", Kind.LATENCY),
    P99("p99", Kind.LATENCY), P99_9("p99.9", Kind.LATENCY), MAX("max", Kind.LATENCY), MEAN("mean", Kind.LATENCY),
    OPS_PER_SECOND("ops/s", Kind.RATE), MIB_PER_SECOND("MiB/s", Kind.RATE),
    /** Failed operations over attempted ones, in percent; optionally of one error class. */
    ERRORS("errors", Kind.PERCENT),
    /** Key-manager calls per successful operation ({@code TimeSplit#kmsCallsPerOperation}). */
    KMS_CALLS_PER_OPERATION("kms calls/op", Kind.PER_OPERATION),
    /** Store requests per successful operation, all kinds ({@code StoreTrafficStatistics#totalRequestsPerOperation}). */
    STORE_REQUESTS_PER_OPERATION("requests/op", Kind.PER_OPERATION),
    /** Process CPU per operation of the measured phase ({@link CpuUsage#processCpuMillisPerOperation()}). */
    CPU_MILLIS_PER_OPERATION("cpu ms/op", Kind.PER_RUN),
    /** RSS growth from the first to the last quarter of the run, in percent ({@code SoakHealth#rssGrowthPercent}). */
    RSS_GROWTH("rss growth", Kind.PER_RUN_PERCENT);

    /** How a metric's limit is written and its value shown. */
    public enum Kind {
        /** milliseconds; a limit carries its unit: us, ms or s */
        LATENCY,
        /** per second, as the metric's name says */
        RATE,
        /** percent, written with % */
        PERCENT,
        /** milliseconds of CPU per operation of the whole run */
        PER_RUN,
        /** percent of the whole run, written with % */
        PER_RUN_PERCENT,
        /** a count per successful operation, a plain number */
        PER_OPERATION
    }

    private final String spelling;
    private final Kind kind;

    ResultMetric(String spelling, Kind kind) {
        this.spelling = spelling;
        this.kind = kind;
    }

    /** As a threshold writes it: {@code p99.9}, {@code ops/s}, {@code cpu ms/op}. */
    public String spelling() {
        return spelling;
    }

    public Kind kind() {
        return kind;
    }

    /** The unit of the measured value: {@code ms}, {@code ops/s}, {@code %}. */
    public String unit() {
        return switch (kind) {
            case LATENCY -> "ms";
            case RATE -> spelling;
            case PERCENT, PER_RUN_PERCENT -> "%";
            case PER_RUN -> "ms/op";
            case PER_OPERATION -> "/op";
        };
    }

    /** Whether it is a figure of the whole run, which no operation can narrow. */
    public boolean perRun() {
        return kind == Kind.PER_RUN || kind == Kind.PER_RUN_PERCENT;
    }

    /** The percentile label of {@link OperationStatistics#percentileMicros()}, for a percentile metric. */
    public Optional<String> percentileLabel() {
        return spelling.matches("p[0-9.]+") ? Optional.of(spelling.substring(1)) : Optional.empty();
    }

    /** The metric spelled so, in any case. */
    public static Optional<ResultMetric> spelled(String text) {
        return Arrays.stream(values()).filter(metric -> metric.spelling.equalsIgnoreCase(text)).findFirst();
    }

    /** Every spelling, for an error message. */
    public static String spellings() {
        return Arrays.stream(values()).map(metric -> metric == ERRORS ? "errors, errors(CLASS)" : metric.spelling)
                .collect(Collectors.joining(", "));
    }
}
