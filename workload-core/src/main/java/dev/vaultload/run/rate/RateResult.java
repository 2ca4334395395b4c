package dev.vaultload.run.rate;

import dev.vaultload.report.Failure;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.OperationStatistics;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an open-loop run measured. Two views of every operation's latency:
 * <ul>
 * <li>corrected: from the time the operation was due to its end, which includes the time it waited
 *     behind a slow predecessor, as a user arriving at that moment would see it (wrk2, YCSB's intended
 *     latency: no coordinated omission);</li>
 * <li>uncorrected: from its actual start to its end, the service time alone.</li>
 * </ul>
 *
 * @param label               what ran
 * @param targetOpsPerSecond  the plan's rate
 * @param achievedOpsPerSecond operations completed (successful or not) / time from the start to the last completion
 * @param elapsedMillis       time from the start to the last completion
 * @param corrected           per operation type, latencies from the intended start
 * @param uncorrected         per operation type, latencies from the actual start
 * @param errors              failures by class, every class (a copy of StatisticService's EnumMap, in class order)
 * @param failures            the failures kept, each naming its stored object
 * @param failureGroups       every failure counted by class and stored object prefix, however many were kept
 */
public record RateResult(String label, double targetOpsPerSecond, int threads, double achievedOpsPerSecond,
                         long elapsedMillis, List<OperationStatistics> corrected, List<OperationStatistics> uncorrected,
                         Map<ErrorClass, Long> errors, List<Failure> failures,
                         Map<String, Long> failureGroups) {

    public RateResult {
        corrected = List.copyOf(corrected);
        uncorrected = List.copyOf(uncorrected);
        errors = Collections.unmodifiableMap(new EnumMap<>(errors));
        failures = List.copyOf(failures);
        failureGroups = Collections.unmodifiableMap(new TreeMap<>(failureGroups));
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** False when any data was lost or altered, or the failed fraction exceeds {@code errorBudget}. */
    public boolean passed(double errorBudget) {
        long attempted = errorCount() + corrected.stream().mapToLong(OperationStatistics::count).sum();
        return ErrorClass.dataErrors(errors) == 0
                && (attempted == 0 || (double) errorCount() / attempted <= errorBudget);
    }
}
