package dev.vaultload.run.rate;

import dev.vaultload.report.RateSection;
import dev.vaultload.report.ReportName;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.SweepSection;
import dev.vaultload.report.ScheduleLimits;
import dev.vaultload.run.Combination;
import dev.vaultload.run.Mode;
import dev.vaultload.run.ModeContext;
import dev.vaultload.run.ModeSettings;
import dev.vaultload.run.RotationSweep;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.run.SweepPlan;
import dev.vaultload.run.load.LoadModeRun;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.stats.OperationStatistics;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * RATE: per combination an open-loop run at the target rate for DURATION, written as every mode's result is (its
 * section holds the uncorrected latencies), both latency views printed per operation type. With SWEEP, the same run
 * again beside a key rotation sweep ({@link RotationSweep}) and once more alone, the sweep's result's suite naming the
 * sweep: the load's figures without and with it side by side, for {@code compare --dimension suite}. Passes when no run lost
 * data, exceeded the error budget or fell behind its schedule past the limits.
 */
public final class RateMode implements Mode {
    static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

    private final double opsPerSecond;
    private final LoadOperation operation;
    private final double errorBudget;
    private final ScheduleLimits schedule;
    private final Optional<SweepPlan> sweep;

    /**
     * @param opsPerSecond this process's share of the target rate
     * @param sweep        the rotation sweep each combination runs again beside; empty for none
     */
    public RateMode(double opsPerSecond, LoadOperation operation, double errorBudget, ScheduleLimits schedule,
                    Optional<SweepPlan> sweep) {
        this.opsPerSecond = opsPerSecond;
        this.operation = operation;
        this.errorBudget = errorBudget;
        this.schedule = schedule;
        this.sweep = sweep;
    }

    @Override
    public RunMode mode() {
        return RunMode.RATE;
    }

    /** Refuses a sweep that an engine of the run cannot carry out, naming SWEEP and the engine. */
    @Override
    public void check(SuiteSession session) {
        sweep.ifPresent(plan -> session.requireKeyLifecycle(plan.operation().type(), ModeSettings.SWEEP.name()));
    }

    @Override
    public boolean run(ModeContext context) {
        SuiteSession session = context.session();
        Duration duration = session.config().duration().orElse(DEFAULT_DURATION);
        long operations = Math.max(1, operationsIn(duration));
        // a short run's warm-up is no longer than the run itself: a 2 s smoke run should not wait 10 s first
        Duration warmup = session.config().warmup();
        long warmupOperations = operationsIn(warmup.compareTo(duration) < 0 ? warmup : duration);
        return session.combinations()
                .map(c -> measure(context, c, new RatePlan(opsPerSecond, c.threads(), operations, warmupOperations)))
                .reduce(true, Boolean::logicalAnd);
    }

    /**
     * The combination's load alone and, with a sweep, beside it and then alone again: a second run in the same JVM finds
     * its code compiled and its connections open, so the sweep's run between two alone runs is compared with both, not
     * with a colder first one (which made a sweep look like it sped the load up).
     */
    private boolean measure(ModeContext context, Combination combination, RatePlan plan) {
        boolean passed = measure(context, combination, plan, Optional.empty());
        if (sweep.isPresent()) {
            passed &= measure(context, combination, plan, sweep);
            passed &= measure(context, combination, plan, Optional.empty());
        }
        return passed;
    }

    private long operationsIn(Duration duration) {
        return Math.round(opsPerSecond * duration.toNanos() / 1e9);
    }

    private boolean measure(ModeContext context, Combination combination, RatePlan plan, Optional<SweepPlan> beside) {
        SuiteSession session = context.session();
        String besideLabel = beside.map(sweep -> " beside a " + sweep.operation() + " sweep").orElse("");
        String label = String.format(Locale.ROOT, "%s %s %d KiB %s %d threads at %.1f ops/s%s", combination.storageAndEngine(),
                operation, combination.fileSizeKib(), session.config().cipher(), combination.threads(), plan.opsPerSecond(),
                besideLabel);
        String sweepField = beside.map(sweep -> "-beside-" + sweep.operation().name().toLowerCase(Locale.ROOT)).orElse("");
        ReportName name = ReportName.of("rate", combination.storageAndEngine(),
                operation + "-" + combination.threadsField() + sweepField, combination.fileSizeKib(), session.config().cipher());
        RunResult result = new LoadModeRun(session, RunMode.RATE, RunMode.RATE + besideLabel, operation, schedule)
                .run(combination, name, label, (workload, recording) -> {
                    RateRunner runner = new RateRunner(plan, workload, session.config().reportPeriod(),
                            session.config().workers(),
                            context.listeners("RATE", label, plan.operations(), combination, combination.threads()));
                    try (Sweeping sweeping = new Sweeping(beside.map(sweep -> workload.sweep(sweep, recording.control())))) {
                        return runner.run(recording, errorBudget, sweeping.sweep());
                    }
                });
        return context.recorded(result, recorded -> print(context.console().out(), label, recorded));
    }

    private static void print(PrintWriter out, String label, RunResult result) {
        RateSection rate = result.rate();
        out.println("==== Rate " + label + " ====");
        out.printf(Locale.ROOT, "target %.1f ops/s, achieved %.1f ops/s, %.1f s in all with a warm-up of %d operations"
                        + " first (WARMUP, at the rate, recorded nowhere), errors %s%n", rate.targetOpsPerSecond(),
                rate.achievedOpsPerSecond(), result.timing().wallClockMillis() / 1000.0, rate.warmupOperations(),
                result.errors());
        printLatencies(out, "corrected (from the intended start, no coordinated omission)", result.operations());
        printLatencies(out, "uncorrected (from the actual start: service time)", rate.uncorrected());
        if (rate.sweep() != null) {
            printSweep(out, rate.sweep());
        }
        if (!result.failures().isEmpty()) {
            out.println(RunOutcome.firstFailures(result.failures()));
        }
        out.flush();
    }

    private static void printSweep(PrintWriter out, SweepSection sweep) {
        long failed = sweep.errors().values().stream().mapToLong(Long::longValue).sum();
        out.printf(Locale.ROOT, "sweep beside the load: %s of %d users x %d documents, %d documents in %.1f s = %.1f"
                        + " documents/s, %d complete sweeps, %d failures; %d documents checked afterwards%n",
                sweep.operation(), sweep.users(), sweep.documentsPerUser(), sweep.documentsSwept(),
                sweep.sweepMillis() / 1000.0, sweep.documentsPerSecond(), sweep.completeSweeps(), failed,
                sweep.documentsChecked());
        printLatencies(out, "of the sweep's own operations", sweep.operations());
    }

    /** Closes the sweep, if there is one, when the measurement ends however it ends. */
    private record Sweeping(Optional<RotationSweep> sweep) implements AutoCloseable {
        @Override
        public void close() {
            sweep.ifPresent(RotationSweep::close);
        }
    }

    /** One line per operation type: count, percentiles and maximum in milliseconds. */
    public static void printLatencies(PrintWriter out, String view, List<OperationStatistics> statistics) {
        out.println("latency, ms, " + view + ":");
        for (OperationStatistics type : statistics) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-11s n=%d", type.type(), type.count()));
            type.percentileMicros().forEach((percentile, micros) ->
                    line.append(String.format(Locale.ROOT, "  p%s=%.3f", percentile, micros / 1000.0)));
            line.append(String.format(Locale.ROOT, "  max=%.3f", type.maxMicros() / 1000.0));
            out.println(line);
        }
    }
}
