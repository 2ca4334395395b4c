package dev.vaultload.history;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.ResultFigure;
import dev.vaultload.report.ResultMetric;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ThresholdVerdict;
import dev.vaultload.stats.OperationStatistics;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What the history keeps of one combination's result: its configuration, environment and commit, every figure a
 * threshold can name ({@link ResultFigure}: each operation's and all operations' latency percentiles, max, mean,
 * ops/s, MiB/s and errors, and the run's CPU per operation and RSS growth), and its thresholds' verdicts.
 *
 * @param runId         SHA-256 of the result's JSON, so that a result added twice is kept once
 * @param configuration what a series of comparable runs shares ({@link Configuration})
 * @param figures       by {@link ResultFigure#spelling()}, in the metric's unit
 * @param units         the unit of each figure
 */
public record RunSummary(String runId, Instant startedAt, String source, Configuration configuration, String errorMode,
                         String gitCommit, String host, String jdk, long wallClockMillis, boolean passed,
                         boolean thresholdsBreached, Map<String, Double> figures, Map<String, String> units,
                         List<ThresholdVerdict> thresholds) {

    /** The metrics kept of each operation and of all of them together. */
    private static final List<ResultMetric> PER_OPERATION = List.of(ResultMetric.P50, ResultMetric.P75, ResultMetric.P90,
            ResultMetric.P95, ResultMetric.P99, ResultMetric.P99_9, ResultMetric.MAX, ResultMetric.MEAN,
            ResultMetric.OPS_PER_SECOND, ResultMetric.MIB_PER_SECOND, ResultMetric.ERRORS, ResultMetric.KMS_CALLS_PER_OPERATION,
            ResultMetric.STORE_REQUESTS_PER_OPERATION);

    /**
     * Whether the history keeps {@code result}: not a shard's, which holds only part of a run's load (its merge,
     * `vaultload merge`'s result, is the run's).
     */
    public static boolean kept(RunResult result) {
        return result.shard() == null;
    }

    /** @param json the result's JSON as written, which identifies it */
    public static RunSummary of(RunResult result, String source, byte[] json) {
        Map<String, Double> figures = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        List<OperationType> operations = new ArrayList<>(result.operations().stream().map(OperationStatistics::type).toList());
        operations.add(null); // all of them
        for (OperationType operation : operations) {
            for (ResultMetric metric : PER_OPERATION) {
                keep(new ResultFigure(operation, metric, null), result, figures, units);
            }
        }
        keep(new ResultFigure(null, ResultMetric.CPU_MILLIS_PER_OPERATION, null), result, figures, units);
        keep(new ResultFigure(null, ResultMetric.RSS_GROWTH, null), result, figures, units);
        return new RunSummary(sha256(json), Instant.parse(result.timing().startedAt()), source, Configuration.of(result),
                result.setup().errorMode().name(), result.environment().gitCommit(), result.environment().host(),
                result.environment().jdk(), result.timing().wallClockMillis(), result.passed(),
                result.thresholdsBreached(), figures, units, result.thresholds() == null ? List.of() : result.thresholds());
    }

    private static void keep(ResultFigure figure, RunResult result, Map<String, Double> figures, Map<String, String> units) {
        OptionalDouble value = figure.measure(result);
        if (value.isPresent() && Double.isFinite(value.getAsDouble())) {
            figures.put(figure.spelling(), value.getAsDouble());
            units.put(figure.spelling(), figure.metric().unit());
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
