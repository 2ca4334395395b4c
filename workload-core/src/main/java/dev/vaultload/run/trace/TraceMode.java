package dev.vaultload.run.trace;

import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.fixture.FixtureProfile;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RateSection;
import dev.vaultload.report.ReportName;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ScheduleLimits;
import dev.vaultload.report.TraceSchedule;
import dev.vaultload.run.Combination;
import dev.vaultload.run.Mode;
import dev.vaultload.run.ModeContext;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.run.load.LoadModeRun;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.rate.RateMode;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * TRACE: per combination the imported trace replayed open loop at its timestamps divided by SPEED, written as every
 * mode's result is (the rate section holds the schedule's lateness and the latencies from the actual start), and
 * printed. Passes when no run lost data, exceeded the error budget or fell behind its schedule past the limits.
 */
public final class TraceMode implements Mode {
    private final double speed;
    private final double errorBudget;
    private final ScheduleLimits schedule;

    public TraceMode(double speed, double errorBudget, ScheduleLimits schedule) {
        this.speed = speed;
        this.errorBudget = errorBudget;
        this.schedule = schedule;
    }

    @Override
    public RunMode mode() {
        return RunMode.TRACE;
    }

    /** A trace is replayed at its timestamps: a fixture without them is refused before anything starts. */
    @Override
    public void check(SuiteSession session) {
        TracePlan.requireTimestamps(session.fixture(), session.fixtureLabel());
    }

    @Override
    public boolean run(ModeContext context) {
        return context.session().combinations().map(combination -> replay(context, combination))
                .reduce(true, Boolean::logicalAnd);
    }

    private boolean replay(ModeContext context, Combination combination) {
        SuiteSession session = context.session();
        TracePlan plan = new TracePlan(speed, combination.threads());
        String label = String.format(Locale.ROOT, "%s trace %s %s %d threads at speed %s", combination.storageAndEngine(),
                session.fixtureLabel(), session.config().cipher(), combination.threads(), speed);
        ReportName name = ReportName.of("trace", combination.storageAndEngine(), "x" + speed + "-" + combination.threadsField(),
                combination.fileSizeKib(), session.config().cipher());
        long scheduled = session.fixture().operations().stream()
                .filter(operation -> operation.type() != OperationType.CREATE_USER && !operation.preparation()).count();
        RunResult result = new LoadModeRun(session, RunMode.TRACE, LoadOperation.MIX, schedule).run(combination, name, label,
                (workload, recording) -> new TraceRunner(plan, session.fixture(), workload, session.config().reportPeriod(),
                        session.config().workers(),
                        context.listeners("TRACE", label, scheduled, combination, combination.threads()))
                        .run(recording, errorBudget));
        return context.recorded(result, recorded -> print(context.console().out(), session, label, recorded));
    }

    private static void print(PrintWriter out, SuiteSession session, String label, RunResult result) {
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
