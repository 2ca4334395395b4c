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

    boolean stopped() {
        return stopped;
    }

    void stop() {
        stopped = true;
    }

    void onFailure(OperationType type, RuntimeException failure) {
        ErrorClass errorClass = ErrorClassifier.classify(failure);
        statistics.recordFailure(type, errorClass);
        String message = failure.getClass().getSimpleName() + ": " + failure.getMessage();
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
