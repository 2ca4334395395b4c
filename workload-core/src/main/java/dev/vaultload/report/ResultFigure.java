package dev.vaultload.report;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.OperationStatistics;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * One figure of a result, as thresholds and the history name it: {@code READ p99}, {@code errors}, {@code WRITE ops/s},
 * {@code errors(TIMEOUT)}, {@code cpu ms/op}, {@code rss growth}. Without an operation it is of every replayed
 * operation together: every type but CREATE_USER (the users' set-up, whose PBKDF2 would dominate), and for errors
 * every failure of the run.
 *
 * @param operation  the operation measured; null for all of them
 * @param metric     what is measured
 * @param errorClass for {@link ResultMetric#ERRORS}, the one class counted; null for every class
 */
public record ResultFigure(OperationType operation, ResultMetric metric, ErrorClass errorClass) {
    private static final Pattern ERRORS_OF_CLASS = Pattern.compile("(?i)errors\\((?<class>[A-Za-z_]+)\\)");

    /**
     * @param text {@code [OPERATION] METRIC}, in any case
     * @throws IllegalArgumentException saying what is wrong: an unknown operation, metric or error class
     */
    public static ResultFigure parse(String text) {
        List<String> words = Arrays.asList(text.strip().split("\\s+"));
        int metricWords = words.size() > 1 && twoWordMetric(words) ? 2 : 1;
        String metricText = String.join(" ", words.subList(words.size() - metricWords, words.size()));
        List<String> operationWords = words.subList(0, words.size() - metricWords);
        if (operationWords.size() > 1) {
            throw new IllegalArgumentException("expected one operation before the metric, not '" + String.join(" ", operationWords) + "'");
        }
        OperationType operation = operationWords.isEmpty() ? null : operation(operationWords.getFirst());
        Matcher ofClass = ERRORS_OF_CLASS.matcher(metricText);
        ErrorClass errorClass = ofClass.matches() ? errorClass(ofClass.group("class")) : null;
        ResultMetric metric = errorClass != null ? ResultMetric.ERRORS : ResultMetric.spelled(metricText)
                .orElseThrow(() -> new IllegalArgumentException("unknown metric '" + metricText + "'; expected one of "
                        + ResultMetric.spellings()));
        if (metric.perRun() && operation != null) {
            throw new IllegalArgumentException(metric.spelling() + " is a figure of the whole run: give it without an operation");
        }
        return new ResultFigure(operation, metric, errorClass);
    }

    /** As {@link #parse} reads it: {@code READ p99}, {@code errors(TIMEOUT)}, {@code cpu ms/op}. */
    public String spelling() {
        String metricText = errorClass == null ? metric.spelling() : "errors(" + errorClass + ")";
        return operation == null ? metricText : operation + " " + metricText;
    }

    /** This figure of {@code result}, in its metric's unit; empty when nothing was measured. */
    public OptionalDouble measure(RunResult result) {
        return switch (metric.kind()) {
            case LATENCY -> latencyMillis(judged(result));
            case RATE -> {
                List<OperationStatistics> judged = judged(result);
                yield judged.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(judged.stream().mapToDouble(
                        type -> metric == ResultMetric.OPS_PER_SECOND ? type.opsPerSecond() : type.mebibytesPerSecond()).sum());
            }
            case PERCENT -> errorPercent(result);
            case PER_RUN -> result.cpu() == null || result.cpu().operations() == 0 ? OptionalDouble.empty()
                    : OptionalDouble.of(result.cpu().processCpuMillisPerOperation());
            case PER_RUN_PERCENT -> result.health() == null || result.health().rssGrowthPercent() == null
                    ? OptionalDouble.empty() : OptionalDouble.of(result.health().rssGrowthPercent());
            case PER_OPERATION -> perOperation(judged(result));
        };
    }

    /**
     * A count per successful operation of the types judged, weighted by their counts; empty when no judged type has it
     * (no time split, no store traffic seen).
     */
    private OptionalDouble perOperation(List<OperationStatistics> judged) {
        double counted = 0;
        long operations = 0;
        for (OperationStatistics type : judged) {
            Double perOperation = metric == ResultMetric.KMS_CALLS_PER_OPERATION
                    ? (type.timeSplit() == null ? null : type.timeSplit().kmsCallsPerOperation())
                    : (type.storeTraffic() == null ? null : type.storeTraffic().totalRequestsPerOperation());
            if (perOperation != null && type.count() > 0) {
                counted += perOperation * type.count();
                operations += type.count();
            }
        }
        return operations == 0 ? OptionalDouble.empty() : OptionalDouble.of(counted / operations);
    }

    /** Latency of the operations judged, in ms, from their histograms added together. */
    public OptionalDouble latencyMillis(List<OperationStatistics> judged) {
        Histogram latencies = new Histogram(3);
        judged.forEach(type -> latencies.add(type.histogram()));
        return latencyMillis(latencies);
    }

    /** This figure of {@code latencies} (µs), in ms; empty when it holds nothing. */
    public OptionalDouble latencyMillis(Histogram latencies) {
        if (latencies.getTotalCount() == 0) {
            return OptionalDouble.empty();
        }
        double micros = switch (metric) {
            case MAX -> latencies.getMaxValue();
            case MEAN -> latencies.getMean();
            default -> latencies.getValueAtPercentile(Double.parseDouble(metric.percentileLabel().orElseThrow()));
        };
        return OptionalDouble.of(micros / 1000.0);
    }

    /** Whether it judges operations of {@code type}. */
    public boolean judges(OperationType type) {
        return operation == null ? type != OperationType.CREATE_USER : operation == type;
    }

    /** Failed over attempted operations, in percent, of {@code failed} failures among {@code succeeded} successes. */
    public static OptionalDouble percentOf(long failed, long succeeded) {
        long attempted = failed + succeeded;
        return attempted == 0 ? OptionalDouble.empty() : OptionalDouble.of(100.0 * failed / attempted);
    }

    /** The failures this threshold counts among {@code errors}. */
    public long failures(Map<ErrorClass, Long> errors) {
        return errorClass != null ? errors.getOrDefault(errorClass, 0L)
                : errors.values().stream().mapToLong(Long::longValue).sum();
    }

    private OptionalDouble errorPercent(RunResult result) {
        if (operation != null) {
            return result.operations().stream().filter(type -> type.type() == operation).findFirst()
                    .map(type -> percentOf(failures(type.errors()), type.count())).orElse(OptionalDouble.empty());
        }
        long succeeded = result.operations().stream().mapToLong(OperationStatistics::count).sum();
        return percentOf(failures(result.errors()), succeeded);
    }

    private List<OperationStatistics> judged(RunResult result) {
        return result.operations().stream().filter(type -> judges(type.type())).toList();
    }

    /** Whether the last two words spell a metric ({@code cpu ms/op}, {@code kms calls/op}). */
    private static boolean twoWordMetric(List<String> words) {
        return ResultMetric.spelled(String.join(" ", words.subList(words.size() - 2, words.size()))).isPresent();
    }

    private static OperationType operation(String word) {
        return Arrays.stream(OperationType.values()).filter(type -> type.name().equalsIgnoreCase(word)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown operation '" + word + "'; expected one of "
                        + Arrays.toString(OperationType.values()) + ", or none for all of them"));
    }

    private static ErrorClass errorClass(String word) {
        return Arrays.stream(ErrorClass.values()).filter(type -> type.name().equalsIgnoreCase(word)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown error class '" + word + "'; expected one of "
                        + Arrays.toString(ErrorClass.values())));
    }

}
