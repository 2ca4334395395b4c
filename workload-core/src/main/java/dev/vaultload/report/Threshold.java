package dev.vaultload.report;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail limit on one figure of a result, as k6's thresholds and Gatling's assertions are:
 * {@code READ p99 < 50ms}, {@code errors < 0.1%}, {@code WRITE ops/s > 200}, {@code cpu ms/op < 1},
 * {@code rss growth < 5%}, optionally ending in {@code abortOnFail}.
 *
 * @param text        as written, which names it in every verdict
 * @param figure      what is judged ({@link ResultFigure}: an operation or all of them, a metric)
 * @param comparison  how the measured value must compare with the limit
 * @param limit       in the metric's {@linkplain ResultMetric#unit() unit}: ms, ops/s, MiB/s, %, ms/op
 * @param abortOnFail stop the combination as soon as a period's figures so far break it (latency and errors only)
 */
public record Threshold(String text, ResultFigure figure, Comparison comparison, double limit, boolean abortOnFail) {
    private static final String ABORT_ON_FAIL = "abortOnFail";
    private static final Pattern SHAPE = Pattern.compile("(?<subject>.*?)\\s*(?<comparison><=|>=|<|>)\\s*(?<limit>.*?)"
            + "(?:\\s+(?<abort>(?i:" + ABORT_ON_FAIL + ")))?");
    private static final Pattern LIMIT = Pattern.compile("(?<number>\\d+(?:\\.\\d+)?)\\s*(?<unit>[a-zA-Z%/µ]*)");
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
        ResultFigure figure = ResultFigure.parse(shape.group("subject"));
        ResultMetric metric = figure.metric();
        boolean abortOnFail = shape.group("abort") != null;
        if (abortOnFail && metric.kind() != ResultMetric.Kind.LATENCY && !(metric == ResultMetric.ERRORS && figure.operation() == null)) {
            throw new IllegalArgumentException(ABORT_ON_FAIL + " is for latency thresholds and the errors of all operations,"
                    + " which a run's periods count as it goes; this one is judged at the end");
        }
        return new Threshold(trimmed, figure, Comparison.of(shape.group("comparison")), limit(metric, shape.group("limit")),
                abortOnFail);
    }

    public OperationType operation() {
        return figure.operation();
    }

    public ResultMetric metric() {
        return figure.metric();
    }

    public ErrorClass errorClass() {
        return figure.errorClass();
    }

    /** The verdict on {@code result}: NO_DATA, which breaks the threshold too, when nothing could be measured. */
    public ThresholdVerdict judge(RunResult result) {
        OptionalDouble measured = figure.measure(result);
        return verdict(measured.isPresent() ? measured.getAsDouble() : null);
    }

    /** The verdict on a value measured elsewhere (a period's figures so far); null for nothing measured. */
    public ThresholdVerdict verdict(Double measured) {
        ThresholdVerdict.Verdict verdict = measured == null ? ThresholdVerdict.Verdict.NO_DATA
                : comparison.holds(measured, limit) ? ThresholdVerdict.Verdict.PASSED : ThresholdVerdict.Verdict.FAILED;
        return new ThresholdVerdict(text, operation() == null ? null : operation().name(), metric().spelling(),
                errorClass() == null ? null : errorClass().name(), comparison.symbol(), limit, metric().unit(), measured,
                verdict, null);
    }

    private static double limit(ResultMetric metric, String limitText) {
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
            case RATE, PER_RUN, PER_OPERATION -> {
                if (!unit.isEmpty() && !unit.equalsIgnoreCase(metric.unit()) && !(metric.perRun() && unit.equals("ms"))) {
                    throw new IllegalArgumentException("limit '" + limitText + "': " + metric.spelling() + " is in " + metric.unit()
                            + "; give a plain number");
                }
                yield number;
            }
        };
    }
}
