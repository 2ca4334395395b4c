package dev.vaultload.run.load;

import dev.vaultload.fixture.Operation;
import dev.vaultload.report.Failure;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Classifies the failures of a load phase and keeps (and logs) the first few, for the report and the exit message. */
public final class FailureSamples {
    private static final Logger LOG = LoggerFactory.getLogger(FailureSamples.class);
    private static final int KEPT = 10;

    private final List<Failure> first = new ArrayList<>();

    /** @return the failure's class, to be counted by the caller */
    public ErrorClass add(PlannedOperation planned, RuntimeException failure) {
        ErrorClass errorClass = ErrorClassifier.classify(failure);
        Operation operation = planned.operation();
        synchronized (first) {
            if (first.size() < KEPT) {
                String message = operation.describe(planned.locationPrefix()) + ": "
                        + failure.getClass().getSimpleName() + ": " + failure.getMessage();
                LOG.warn("{} {}", errorClass, message);
                first.add(new Failure(operation.type(), errorClass, message, null, Instant.now().toString(), null));
            }
        }
        return errorClass;
    }

    public List<Failure> first() {
        synchronized (first) {
            return List.copyOf(first);
        }
    }
}
