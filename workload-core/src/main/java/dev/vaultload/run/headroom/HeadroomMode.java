package dev.vaultload.run.headroom;

import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.HeadroomStep;
import dev.vaultload.report.ReportName;
import dev.vaultload.report.ReportPage;
import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ScheduleLimits;
import dev.vaultload.run.Combination;
import dev.vaultload.run.Mode;
import dev.vaultload.run.ModeContext;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.run.load.LoadModeRun;
import dev.vaultload.run.load.LoadOperation;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * HEADROOM: per storage and file size, a headroom measurement written as every mode's result is, plus its steps as
 * CSV and its plot (drawn by the {@link ReportPage}) in REPORT_DIR, and a table on the console. Passes when no
 * measurement exceeded the error budget or lost data.
 */
public final class HeadroomMode implements Mode {
    private final HeadroomPlan plan;
    private final LoadOperation operation;

    public HeadroomMode(HeadroomPlan plan, LoadOperation operation) {
        this.plan = plan;
        this.operation = operation;
    }

    @Override
    public RunMode mode() {
        return RunMode.HEADROOM;
    }

    /** abortOnFail would end the climb at the first step past a limit, before the knee it is there to find. */
    @Override
    public void check(SuiteSession session) {
        if (!session.config().thresholds().abortingOnFail().isEmpty()) {
            throw new IllegalArgumentException("abortOnFail does not apply to --mode HEADROOM, whose steps go on past the"
                    + " limits to find the knee: its thresholds are judged on the knee step at the end");
        }
    }

    @Override
    public boolean run(ModeContext context) {
        SuiteSession session = context.session();
        // one measurement per storage, engine and size: the steps set the thread counts
        return session.combinations().filter(c -> c.threads() == session.config().threads().getFirst())
                .map(c -> measure(context, new Combination(c.storage(), c.engine(), plan.minThreads(), c.fileSizeKib(),
                        c.repetition())))
                .reduce(true, Boolean::logicalAnd);
    }

    private boolean measure(ModeContext context, Combination combination) {
        SuiteSession session = context.session();
        String storage = combination.storageAndEngine();
        int fileSizeKib = combination.fileSizeKib();
        String label = storage + " " + operation + " " + fileSizeKib + " KiB " + session.config().cipher();
        ReportName name = ReportName.of("headroom", storage, operation.name() + combination.runField(), fileSizeKib,
                session.config().cipher());
        RunResult result = new LoadModeRun(session, RunMode.HEADROOM, operation, ScheduleLimits.NONE).run(combination, name, label,
                (workload, recording) -> new HeadroomRunner(plan, workload, session.config().reportPeriod(), session.config().workers(),
                        threads -> context.listeners("HEADROOM", label + " " + threads + " threads",
                                plan.operationsPerStep(), combination, threads))
                        .run(recording));
        List<Path> written = new ArrayList<>();
        // the steps are CSV's; the plot is the page's (report.html shows it), so each follows its REPORT_FORMATS
        if (session.config().reportFormats().contains(ResultFormat.CSV)) {
            Path csv = session.config().reportDirectory().resolve(name.base() + "-steps.csv");
            HeadroomCsv.write(result.headroom(), csv);
            written.add(csv);
        }
        if (session.config().reportFormats().contains(ResultFormat.HTML)) {
            Path png = session.config().reportDirectory().resolve(name.file("png"));
            session.reportPage().writeHeadroomPlot(label, result.headroom(), png);
            written.add(png);
        }
        return context.recorded(result, recorded -> print(context.console().out(), label, recorded, written));
    }

    private static void print(PrintWriter out, String label, RunResult result, List<Path> written) {
        HeadroomSection headroom = result.headroom();
        out.println("==== Headroom of " + label + " ====");
        out.println("threads      ops/s     p50 ms     p90 ms     p99 ms   errors");
        for (HeadroomStep step : headroom.steps()) {
            out.printf(Locale.ROOT, "%7d %10.1f %10.3f %10.3f %10.3f %8d%s%n", step.threads(), step.opsPerSecond(),
                    step.p50Micros() / 1000.0, step.p90Micros() / 1000.0, step.p99Micros() / 1000.0, step.errors(),
                    step.equals(headroom.knee()) ? "   <- knee" : "");
        }
        out.println("stopped: " + headroom.stopReason());
        headroom.kneeStep().ifPresentOrElse(
                knee -> out.printf(Locale.ROOT, "knee: %d threads, %.1f ops/s, p50 %.3f ms%n", knee.threads(),
                        knee.opsPerSecond(), knee.p50Micros() / 1000.0),
                () -> out.println("knee: none (no step completed an operation)"));
        if (!result.failures().isEmpty()) {
            out.println(RunOutcome.firstFailures(result.failures()));
        }
        written.forEach(file -> out.println("wrote " + file));
        out.flush();
    }
}
