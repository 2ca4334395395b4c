package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vaultload.stats.OperationStatistics;
import java.util.List;

/**
 * The part of a result only a RATE run has. Its operations are measured from each operation's due time (corrected:
 * what a user arriving on schedule sees, with time spent waiting behind a slow predecessor); this section holds the
 * same operations measured from their actual start (uncorrected: the service time alone).
 *
 * @param targetOpsPerSecond   the schedule's rate
 * @param achievedOpsPerSecond operations completed (successful or not) / time from the start to the last completion
 * @param errorBudget          the failed fraction the run may have and still pass
 * @param withinErrorBudget    whether the failed fraction stayed within it
 * @param uncorrected          per operation type, latencies from the actual start
 * @param warmupOperations     operations run before the measured ones and recorded nowhere (RATE: at the same rate)
 * @param trace                a TRACE run's schedule and its lateness (TRACE shares this section: an open loop
 *                             whose due times are the trace's); null for RATE
 * @param scheduleMissed       why the run did not keep its schedule ({@link ScheduleLimits}), which fails it; null
 *                             when it did or was not judged
 * @param sweep                the rotation sweep that ran beside the load; null without one
 */
public record RateSection(double targetOpsPerSecond, double achievedOpsPerSecond, double errorBudget,
                          boolean withinErrorBudget, List<OperationStatistics> uncorrected, long warmupOperations,
                          @JsonInclude(JsonInclude.Include.NON_NULL) TraceSchedule trace,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String scheduleMissed,
                          @JsonInclude(JsonInclude.Include.NON_NULL) SweepSection sweep) {

    public RateSection {
        uncorrected = List.copyOf(uncorrected);
    }

    /** A section before its schedule is judged. */
    public RateSection(double targetOpsPerSecond, double achievedOpsPerSecond, double errorBudget,
                       boolean withinErrorBudget, List<OperationStatistics> uncorrected, long warmupOperations,
                       TraceSchedule trace) {
        this(targetOpsPerSecond, achievedOpsPerSecond, errorBudget, withinErrorBudget, uncorrected, warmupOperations, trace,
                null, null);
    }

    /** This section judged against {@code limits}. */
    public RateSection judged(ScheduleLimits limits) {
        return new RateSection(targetOpsPerSecond, achievedOpsPerSecond, errorBudget, withinErrorBudget, uncorrected,
                warmupOperations, trace, limits.missed(this).orElse(null), sweep);
    }

    /** This section with the rotation sweep that ran beside the load. */
    public RateSection withSweep(SweepSection ranBeside) {
        return new RateSection(targetOpsPerSecond, achievedOpsPerSecond, errorBudget, withinErrorBudget, uncorrected,
                warmupOperations, trace, scheduleMissed, ranBeside);
    }

    /** A RATE run's section. */
    public RateSection(double targetOpsPerSecond, double achievedOpsPerSecond, double errorBudget,
                       boolean withinErrorBudget, List<OperationStatistics> uncorrected, long warmupOperations) {
        this(targetOpsPerSecond, achievedOpsPerSecond, errorBudget, withinErrorBudget, uncorrected, warmupOperations, null);
    }
}
