package dev.vaultload.cli;

import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.fixture.FixtureProfile;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RateSection;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.TraceSchedule;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.trace.TracePlan;
import dev.vaultload.run.trace.TraceRunner;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * {@code run --mode TRACE}: per combination the imported trace replayed open loop at its timestamps divided by
 * --speed, written as every mode's result is (the rate section holds the schedule's lateness and the latencies from
 * the actual start), and printed.
 */
final class TraceMode {
    private final LoadModeContext context;
    private final SuiteSession session;
    private final double speed;
    private final double errorBudget;

    TraceMode(LoadModeContext context, double speed, double errorBudget) {
        this.context = context;
        this.session = context.session();
        this.speed = speed;
        this.errorBudget = errorBudget;
    }

    /** @return true when no run lost data or exceeded the error budget */
    boolean run() {
        return session.combinations().map(this::replay).reduce(true, Boolean::logicalAnd);
    }

    private boolean replay(Combination combination) {
        TracePlan plan = new TracePlan(speed, combination.threads());
        String label = String.format(Locale.ROOT, "%s trace %s %s %d threads at speed %s", combination.storageAndEngine(),
                session.fixtureLabel(), session.config().cipher(), combination.threads(), speed);
        ReportName name = ReportName.of("trace", combination.storageAndEngine(), "x" + speed + "-" + combination.threadsField(),
                combination.fileSizeKib(), session.config().cipher());
        long scheduled = session.fixture().operations().stream()
                .filter(operation -> operation.type() != OperationType.CREATE_USER && !operation.preparation()).count();
        RunResult result = new LoadModeRun(context, RunMode.TRACE, LoadOperation.MIX).run(combination, name, label,
                (workload, recording) -> new TraceRunner(plan, session.fixture(), workload, session.config().reportPeriod(),
                        session.config().workers(),
                        context.listeners("TRACE", label, scheduled, combination, combination.threads()))
                        .run(recording, errorBudget));
        return context.recorded(result, recorded -> print(label, recorded));
    }

    private void print(String label, RunResult result) {
        PrintWriter out = context.out();
        RateSection rate = result.rate();
        TraceSchedule schedule = rate.trace();
        out.println("==== Trace " + label + " ====");
        ContentSizes.givenRange(session.fixture()).ifPresent(range -> out.printf(Locale.ROOT,
                "documents of the trace's own sizes, %s to %s%n", FixtureProfile.size(range.getMin()),
                FixtureProfile.size(range.getMax())));
        out.printf(Locale.ROOT, "%d operations of a %.1f s trace at speed %s: due %.1f ops/s, achieved %.1f ops/s over %.1f s,"
                        + " errors %s (after a warm-up of its first %d, unrecorded)%n", schedule.scheduledOperations(),
                schedule.traceMillis() / 1000.0, schedule.speed(), rate.targetOpsPerSecond(), rate.achievedOpsPerSecond(),
                result.timing().wallClockMillis() / 1000.0, result.errors(), schedule.warmupOperations());
        StringBuilder lateness = new StringBuilder("schedule lateness, ms:");
        schedule.latenessPercentileMicros().forEach((percentile, micros) ->
                lateness.append(String.format(Locale.ROOT, "  %s=%.3f", percentile, micros / 1000.0)));
        out.println(lateness.append(String.format(Locale.ROOT, "  max=%.3f  (GC pauses during the schedule: %d ms)",
                schedule.maxLatenessMicros() / 1000.0, schedule.gcPauseMillis())));
        RateMode.printLatencies(out, "from the due time", result.operations());
        RateMode.printLatencies(out, "from the actual start: service time", rate.uncorrected());
        if (!result.failures().isEmpty()) {
            out.println(RunOutcome.firstFailures(result.failures()));
        }
        out.flush();
    }
}
