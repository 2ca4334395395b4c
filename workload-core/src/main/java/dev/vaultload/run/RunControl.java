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
import java.util.Map;
import java.time.Instant;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shared by the executions of one combination: counts each failure in the statistics, keeps the first
 * {@value RunResult#MAX_FAILURES_KEPT} for the report, each naming the stored object to inspect, counts every
 * failure by class and store key prefix, logs the first {@value #MAX_FAILURES_LOGGED}, and under FAIL_FAST
 * raises the flag that stops every execution.
 */
final class RunControl {
    private static final Logger LOG = LoggerFactory.getLogger(RunControl.class);
    private static final int MAX_FAILURES_LOGGED = 20;

    private final ErrorMode errorMode;
    private final StatisticService statistics;
    private final UnaryOperator<String> locate;
    private final List<Failure> failures = new ArrayList<>();
    private final FailureGroups groups = new FailureGroups();
    private volatile boolean stopped;

    /** @param locate where the object under a store key lives, e.g. {@link dev.vaultload.storage.BlobStore#locate} */
    RunControl(ErrorMode errorMode, StatisticService statistics, UnaryOperator<String> locate) {
        this.errorMode = errorMode;
        this.statistics = statistics;
        this.locate = locate;
    }

    /** FAIL_FAST's first failure, or a signal ({@link Interruption}). */
    boolean stopped() {
        return stopped || Interruption.requested();
    }

    void stop() {
        stopped = true;
    }

    /** A failure whose message already names its object (the validator's checks). */
    void onFailure(OperationType type, RuntimeException failure, String storeKey) {
        onFailure(type, failure, () -> new FailureContext(null, storeKey, null));
    }

    /**
     * @param context names the operation and its object when the failure's own message may not (a store
     *                error names only an encrypted key); built only on failure
     */
    void onFailure(OperationType type, RuntimeException failure, Supplier<FailureContext> context) {
        ErrorClass errorClass = ErrorClassifier.classify(failure);
        statistics.recordFailure(type, errorClass);
        FailureContext where = context.get();
        String message = (where.operation() == null ? "" : where.operation() + ": ")
                + failure.getClass().getSimpleName() + ": " + failure.getMessage();
        String storeObject = where.storeKey() == null ? null : locate.apply(where.storeKey());
        Failure reported = new Failure(type, errorClass, message, storeObject, Instant.now().toString(),
                where.operationIndex());
        synchronized (failures) {
            groups.count(errorClass, where.storeKey() == null ? null : locate.apply(FailureGroups.prefixOf(where.storeKey())));
            if (failures.size() < MAX_FAILURES_LOGGED) {
                LOG.warn("failed: {}", reported.line());
            }
            if (failures.size() < RunResult.MAX_FAILURES_KEPT) {
                failures.add(reported);
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

    /** Every failure counted by class and stored object prefix, however many were kept. */
    Map<String, Long> failureGroups() {
        synchronized (failures) {
            return groups.counts();
        }
    }
}
