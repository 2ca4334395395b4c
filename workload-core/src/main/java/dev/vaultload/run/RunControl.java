package dev.vaultload.run;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.Failure;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.StatisticService;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shared by the threads of one measurement (a combination, or every step of a load mode): classifies each failure,
 * keeps the first {@value RunResult#MAX_FAILURES_KEPT} for the report, each naming the stored object to inspect,
 * counts every failure by class and store key prefix, logs the first {@value #MAX_FAILURES_LOGGED}, and under
 * FAIL_FAST raises the flag that stops every thread. An operation's failure is counted in its statistics by
 * {@link TimedOperation}; a check's, in the statistics given here.
 */
public final class RunControl {
    private static final Logger LOG = LoggerFactory.getLogger(RunControl.class);
    private static final int MAX_FAILURES_LOGGED = 20;

    private final ErrorMode errorMode;
    private final StatisticService checkStatistics;
    private final UnaryOperator<String> locate;
    private final List<Failure> failures = new ArrayList<>();
    private final FailureGroups groups = new FailureGroups();
    private volatile Consumer<Failure> runFailing = failure -> { };
    private volatile boolean stopped;

    /**
     * @param checkStatistics counts the failures of checks outside any timed operation (validation, key material)
     * @param locate          where the object under a store key lives, e.g. {@link dev.vaultload.storage.BlobStore#locate}
     */
    RunControl(ErrorMode errorMode, StatisticService checkStatistics, UnaryOperator<String> locate) {
        this.errorMode = errorMode;
        this.checkStatistics = checkStatistics;
        this.locate = locate;
    }

    /** For a load mode, which has no checks of its own: its budget, not an error mode, ends it. */
    public static RunControl continuing(UnaryOperator<String> locate) {
        return new RunControl(ErrorMode.CONTINUE, new StatisticService(), locate);
    }

    /** FAIL_FAST's first failure, or a signal ({@link Interruption}). */
    public boolean stopped() {
        return stopped || Interruption.requested();
    }

    void stop() {
        stopped = true;
    }

    /** Where each failure that fails the run (LOST, INTEGRITY) goes as well, e.g. the run journal. */
    void reportRunFailingTo(Consumer<Failure> consumer) {
        runFailing = consumer;
    }

    /** A check's failure whose message already names its object (the validator's checks). */
    void checkFailed(OperationType type, RuntimeException failure, String storeKey) {
        checkFailed(type, failure, () -> FailureContext.of(null, storeKey));
    }

    /** A check's failure, counted in the check statistics. */
    void checkFailed(OperationType type, RuntimeException failure, Supplier<FailureContext> context) {
        checkStatistics.recordFailure(type, onFailure(type, failure, context));
    }

    /**
     * @param context names the operation and its object when the failure's own message may not (a store
     *                error names only an encrypted key); built only on failure
     * @return the failure's class, for the caller to count
     */
    ErrorClass onFailure(OperationType type, RuntimeException failure, Supplier<FailureContext> context) {
        ErrorClass errorClass = ErrorClassifier.classify(failure);
        FailureContext where = context.get();
        String message = (where.operation() == null ? "" : where.operation() + ": ")
                + failure.getClass().getSimpleName() + ": " + failure.getMessage();
        String at = Instant.now().toString();
        List<String> storeKeys = where.storeKeys().isEmpty() ? Collections.singletonList(null) : where.storeKeys();
        List<Failure> failingTheRun = new ArrayList<>();
        synchronized (failures) {
            for (String storeKey : storeKeys) {
                String storeObject = storeKey == null ? null : locate.apply(storeKey);
                Failure reported = new Failure(type, errorClass, message, storeObject, at, where.operationIndex());
                groups.count(errorClass, storeKey == null ? null : locate.apply(FailureGroups.prefixOf(storeKey)));
                if (failures.size() < MAX_FAILURES_LOGGED) {
                    LOG.warn("failed: {}", reported.line());
                }
                if (failures.size() < RunResult.MAX_FAILURES_KEPT) {
                    failures.add(reported);
                    if (errorClass.failsRun()) {
                        failingTheRun.add(reported);
                    }
                }
            }
        }
        failingTheRun.forEach(runFailing);
        if (errorMode == ErrorMode.FAIL_FAST) {
            stopped = true;
        }
        return errorClass;
    }

    /** Failures of checks outside any timed operation so far, by class. */
    public Map<ErrorClass, Long> checkErrorTotals() {
        return checkStatistics.errorTotals();
    }

    public List<Failure> failures() {
        synchronized (failures) {
            return List.copyOf(failures);
        }
    }

    /** Every failure counted by class and stored object prefix, however many were kept. */
    public Map<String, Long> failureGroups() {
        synchronized (failures) {
            return groups.counts();
        }
    }
}
