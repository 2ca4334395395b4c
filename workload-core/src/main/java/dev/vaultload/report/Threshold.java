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
 * A pass/fail limit on one figure of a result, as k6's thresholds and Gatling's assertions are:
 * {@code READ p99 < 50ms}, {@code errors < 0.1%}, {@code WRITE ops/s > 200}, {@code cpu ms/op < 1},
 * {@code rss growth < 5%}, optionally ending in {@code abortOnFail}. Without an operation it judges every replayed
 * operation together: every type but CREATE_USER (the users' set-up, whose PBKDF2 would dominate), and for errors
 * every failure of the run.
 *
 * @param text        as written, which names it in every verdict
 * @param operation   the operation judged; null for all of them
 * @param metric      what is measured
 * @param errorClass  for {@link ThresholdMetric#ERRORS}, the one class counted; null for every class
 * @param comparison  how the measured value must compare with the limit
 * @param limit       in the metric's {@linkplain ThresholdMetric#unit() unit}: ms, ops/s, MiB/s, %, ms/op
 * @param abortOnFail stop the combination as soon as a period's figures so far break it (latency and errors only)
 */
public record Threshold(String text, OperationType operation, ThresholdMetric metric, ErrorClass errorClass,
                        Comparison comparison, double limit, boolean abortOnFail) {
    private static final String ABORT_ON_FAIL = "abortOnFail";
    private static final Pattern SHAPE = Pattern.compile("(?<subject>.*?)\\s*(?<comparison><=|>=|<|>)\\s*(?<limit>.*?)"
            + "(?:\\s+(?<abort>(?i:" + ABORT_ON_FAIL + ")))?");
    private static final Pattern LIMIT = Pattern.compile("(?<number>\\d+(?:\\.\\d+)?)\\s*(?<unit>[a-zA-Z%/µ]*)");
    private static final Pattern ERRORS_OF_CLASS = Pattern.compile("(?i)errors\\((?<class>[A-Za-z_]+)\\)");
    private static final Pattern LATENCY_UNIT = Pattern.compile("us|µs|ms|s");

    /** How the measured value must compare with the limit. */
    public enum Comparison {
        LESS("<"), LESS_OR_EQUAL("<="), GREATER(">"), GREATER_OR_EQUAL(">=");

        private final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        public boolean holds(double measured, double limit) {
            return switch (this) {
                case LESS -> measured < limit;
                case LESS_OR_EQUAL -> measured <= limit;
                case GREATER -> measured > limit;
                case GREATER_OR_EQUAL -> measured >= limit;
            };
        }

        static Comparison of(String symbol) {
            return Arrays.stream(values()).filter(comparison -> comparison.symbol.equals(symbol)).findFirst().orElseThrow();
        }
    }

    /**
     * @param source where it was given, for the message: {@code THRESHOLDS}, {@code --threshold}, a file's line
     * @throws IllegalArgumentException one line naming the threshold, where it was given and what is wrong with it:
     *                                  an unknown operation, metric or error class, a limit without its unit
     */
    public static Threshold parse(String text, String source) {
        String trimmed = text.strip();
        try {
            return parse(trimmed);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid threshold '" + trimmed + "' in " + source + ": " + e.getMessage());
        }
    }

    private static Threshold parse(String trimmed) {
        Matcher shape = SHAPE.matcher(trimmed);
        if (!shape.matches() || shape.group("subject").isEmpty() || shape.group("limit").isEmpty()) {
            throw new IllegalArgumentException("expected [OPERATION] METRIC < or > LIMIT [" + ABORT_ON_FAIL + "], e.g. 'READ p99 < 50ms'");
        }
        List<String> words = Arrays.asList(shape.group("subject").split("\\s+"));
        int metricWords = words.size() > 1 && perRunMetric(words) ? 2 : 1;
        String metricText = String.join(" ", words.subList(words.size() - metricWords, words.size()));
        List<String> operationWords = words.subList(0, words.size() - metricWords);
        if (operationWords.size() > 1) {
            throw new IllegalArgumentException("expected one operation before the metric, not '" + String.join(" ", operationWords) + "'");
        }
        OperationType operation = operationWords.isEmpty() ? null : operation(operationWords.getFirst());
        Matcher ofClass = ERRORS_OF_CLASS.matcher(metricText);
        ErrorClass errorClass = ofClass.matches() ? errorClass(ofClass.group("class")) : null;
        ThresholdMetric metric = errorClass != null ? ThresholdMetric.ERRORS : ThresholdMetric.spelled(metricText)
                .orElseThrow(() -> new IllegalArgumentException("unknown metric '" + metricText + "'; expected one of "
                        + ThresholdMetric.spellings()));
        if (metric.perRun() && operation != null) {
            throw new IllegalArgumentException(metric.spelling() + " is a figure of the whole run: give it without an operation");
        }
        boolean abortOnFail = shape.group("abort") != null;
        if (abortOnFail && metric.kind() != ThresholdMetric.Kind.LATENCY && !(metric == ThresholdMetric.ERRORS && operation == null)) {
            throw new IllegalArgumentException(ABORT_ON_FAIL + " is for latency thresholds and the errors of all operations,"
                    + " which a run's periods count as it goes; this one is judged at the end");
        }
        return new Threshold(trimmed, operation, metric, errorClass, Comparison.of(shape.group("comparison")),
                limit(metric, shape.group("limit")), abortOnFail);
    }

    /** The value this threshold judges in {@code result}, in its metric's unit; empty when nothing was measured. */
    public OptionalDouble measure(RunResult result) {
        return switch (metric.kind()) {
            case LATENCY -> latencyMillis(judged(result));
            case RATE -> {
                List<OperationStatistics> judged = judged(result);
                yield judged.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(judged.stream().mapToDouble(
                        type -> metric == ThresholdMetric.OPS_PER_SECOND ? type.opsPerSecond() : type.mebibytesPerSecond()).sum());
            }
            case PERCENT -> errorPercent(result);
            case PER_RUN -> result.cpu() == null || result.cpu().operations() == 0 ? OptionalDouble.empty()
                    : OptionalDouble.of(result.cpu().processCpuMillisPerOperation());
            case PER_RUN_PERCENT -> result.health() == null || result.health().rssGrowthPercent() == null
                    ? OptionalDouble.empty() : OptionalDouble.of(result.health().rssGrowthPercent());
        };
    }

    /** The verdict on {@code result}: NO_DATA, which breaks the threshold too, when nothing could be measured. */
    public ThresholdVerdict judge(RunResult result) {
        OptionalDouble measured = measure(result);
        return verdict(measured.isPresent() ? measured.getAsDouble() : null);
    }

    /** The verdict on a value measured elsewhere (a period's figures so far); null for nothing measured. */
    public ThresholdVerdict verdict(Double measured) {
        ThresholdVerdict.Verdict verdict = measured == null ? ThresholdVerdict.Verdict.NO_DATA
                : comparison.holds(measured, limit) ? ThresholdVerdict.Verdict.PASSED : ThresholdVerdict.Verdict.FAILED;
        return new ThresholdVerdict(text, operation == null ? null : operation.name(), metric.spelling(),
                errorClass == null ? null : errorClass.name(), comparison.symbol(), limit, metric.unit(), measured, verdict,
                null);
    }

    /** Latency of the operations judged, in ms, from their histograms added together. */
    public OptionalDouble latencyMillis(List<OperationStatistics> judged) {
        Histogram latencies = new Histogram(3);
        judged.forEach(type -> latencies.add(type.histogram()));
        return latencyMillis(latencies);
    }

    /** This threshold's latency figure of {@code latencies} (µs), in ms; empty when it holds nothing. */
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

    private static boolean perRunMetric(List<String> words) {
        String lastTwo = String.join(" ", words.subList(words.size() - 2, words.size()));
        return ThresholdMetric.spelled(lastTwo).filter(ThresholdMetric::perRun).isPresent();
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

    private static double limit(ThresholdMetric metric, String limitText) {
        Matcher limit = LIMIT.matcher(limitText);
        if (!limit.matches()) {
            throw new IllegalArgumentException("limit '" + limitText + "' is not a number with its unit, e.g. 50ms, 200, 0.1%");
        }
        double number = Double.parseDouble(limit.group("number"));
        String unit = limit.group("unit");
        return switch (metric.kind()) {
            case LATENCY -> {
                if (!LATENCY_UNIT.matcher(unit).matches()) {
                    throw new IllegalArgumentException("a latency limit takes its unit: us, ms or s, e.g. 50ms");
                }
                yield switch (unit) {
                    case "s" -> number * 1000;
                    case "ms" -> number;
                    default -> number / 1000;
                };
            }
            case PERCENT, PER_RUN_PERCENT -> {
                if (!unit.equals("%")) {
                    throw new IllegalArgumentException(metric.spelling() + " is a percentage: write its limit with %, e.g. 0.1%");
                }
                yield number;
            }
            case RATE, PER_RUN -> {
                if (!unit.isEmpty() && !unit.equalsIgnoreCase(metric.unit()) && !(metric.perRun() && unit.equals("ms"))) {
                    throw new IllegalArgumentException("limit '" + limitText + "': " + metric.spelling() + " is in " + metric.unit()
                            + "; give a plain number");
                }
                yield number;
            }
        };
    }
}
