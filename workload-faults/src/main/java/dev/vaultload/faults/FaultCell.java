package dev.vaultload.faults;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.OperationStatistics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one cell of the matrix observed: one fault in front of one store during a replay in CONTINUE mode.
 *
 * @param engine      the engine that ran the replay
 * @param faultName   what the fault did, e.g. "latency 100 ms ± 50 ms"
 * @param faultOn     how long it was on
 * @param retries     retries the S3 client made, all operations
 * @param validationFailures failures of the final validation's own LISTs and READs (a check that could not be made)
 * @param healedAt    when the fault was healed; null if it never was on
 */
record FaultCell(FaultKind kind, String store, CellEngine engine, String faultName, Duration faultOn, RunResult result,
                 long retries, long validationFailures, Instant healedAt) {

    /**
     * How long operations still failed after the fault was healed: from the heal to the last failed operation of the
     * replay (the final validation's checks left out); zero when none failed after it. A lower bound when more
     * failures were seen than a result keeps.
     */
    Duration recovery() {
        if (healedAt == null) {
            return Duration.ZERO;
        }
        return result.failures().stream().filter(failure -> failure.at() != null && !failure.message().startsWith("final "))
                .map(failure -> Duration.between(healedAt, Instant.parse(failure.at())))
                .filter(afterHeal -> !afterHeal.isNegative()).max(Duration::compareTo).orElse(Duration.ZERO);
    }

    /** Failed calls by class for one operation type; empty when none failed. */
    Map<ErrorClass, Long> errors(OperationType type) {
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        result.operations().stream().filter(statistics -> statistics.type() == type)
                .flatMap(statistics -> statistics.errors().entrySet().stream())
                .filter(entry -> entry.getValue() > 0)
                .forEach(entry -> errors.merge(entry.getKey(), entry.getValue(), Long::sum));
        return errors;
    }

    ObjectOutcomes objects() {
        return result.objects();
    }

    long lost() {
        return result.errors().getOrDefault(ErrorClass.LOST, 0L);
    }

    long integrity() {
        return result.errors().getOrDefault(ErrorClass.INTEGRITY, 0L);
    }

    /** The longest operation of the replay, all types, in milliseconds. */
    long longestMillis() {
        return result.operations().stream().mapToLong(OperationStatistics::maxMicros).max().orElse(0) / 1000;
    }

    /** The fault did something the client could see: failed calls, retries, or (for a slow network) slow calls. */
    boolean effectSeen() {
        return result.errorCount() + retries > 0 || longestMillis() >= kind.visibleDelayMillis();
    }

    /**
     * The verdict the issue asks for: no false LOST and no silent loss. Passed when nothing was lost or altered,
     * the fault was on, and the final validation checked every object against the store's listing after it healed.
     */
    boolean passed() {
        return lost() == 0 && integrity() == 0 && !faultOn.isZero() && validationFailures == 0
                && objects().checked() > 0;
    }

    /**
     * Why this cell does not hold, one line each; empty when it holds: it {@link #passed()}, and a fault that must
     * show ({@link FaultKind#mustShow()}) had an effect the client could see.
     */
    List<String> problems() {
        List<String> problems = new ArrayList<>();
        String cell = faultName + " on " + store + " (" + engine + ")";
        if (!passed()) {
            // the validation's own failures first: they say which check could not be made
            problems.add(cell + ": " + verdict() + " " + result.failures().stream()
                    .sorted(Comparator.comparing(failure -> !failure.message().startsWith("final "))).limit(5).toList());
        }
        if (kind.mustShow() && !effectSeen()) {
            problems.add(cell + " had no visible effect: no failed call, no retry, longest operation "
                    + longestMillis() + " ms");
        }
        return problems;
    }

    String verdict() {
        if (passed()) {
            return "pass";
        }
        StringBuilder why = new StringBuilder("FAIL:");
        if (lost() + integrity() > 0) {
            why.append(" ").append(lost()).append(" lost, ").append(integrity()).append(" altered;");
        }
        if (faultOn.isZero()) {
            why.append(" the fault was never on;");
        }
        if (validationFailures > 0 || objects().checked() == 0) {
            why.append(" the final validation could not check every object;");
        }
        return why.toString();
    }
}
