package dev.vaultload.run;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.Failure;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.StatisticService;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shared by the executions of one combination: counts each failure in the statistics, keeps the first
 * ones for the report, and under FAIL_FAST raises the flag that stops every execution.
 */
final class RunControl {
    private static final Logger LOG = LoggerFactory.getLogger(RunControl.class);
    private static final int MAX_FAILURES_LOGGED = 20;

    private final ErrorMode errorMode;
    private final StatisticService statistics;
    private final List<Failure> failures = new ArrayList<>();
    private volatile boolean stopped;

    RunControl(ErrorMode errorMode, StatisticService statistics) {
        this.errorMode = errorMode;
        this.statistics = statistics;
    }

    /** FAIL_FAST's first failure, or a signal ({@link Interruption}). */
    boolean stopped() {
        return stopped || Interruption.requested();
    }

    void stop() {
        stopped = true;
    }

    /** A failure whose message already names its object (the validator's checks). */
    void onFailure(OperationType type, RuntimeException failure) {
        onFailure(type, failure, () -> null);
    }

    /**
     * @param operation names the operation and its object when the failure's own message may not (a store
     *                  error names only an encrypted key); built only on failure
     */
    void onFailure(OperationType type, RuntimeException failure, Supplier<String> operation) {
        ErrorClass errorClass = ErrorClassifier.classify(failure);
        statistics.recordFailure(type, errorClass);
        String context = operation.get();
        String message = (context == null ? "" : context + ": ") + failure.getClass().getSimpleName() + ": "
                + failure.getMessage();
        synchronized (failures) {
            if (failures.size() < MAX_FAILURES_LOGGED) {
                LOG.warn("{} {} failed: {}", errorClass, type, message);
            }
            if (failures.size() < RunResult.MAX_FAILURES_KEPT) {
                failures.add(new Failure(type, errorClass, message));
            }
        }
        if (errorMode == ErrorMode.FAIL_FAST) {
            stopped = true;
        }
    }

    List<Failure> failures() {
        synchronized (failures) {
            return List.copyOf(failures);
        }
    }
}
