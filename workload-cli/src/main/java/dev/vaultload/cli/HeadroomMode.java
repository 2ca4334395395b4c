package dev.vaultload.cli;

import dev.vaultload.parse.HeadroomChart;
import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.HeadroomStep;
import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.run.headroom.HeadroomCsv;
import dev.vaultload.run.headroom.HeadroomPlan;
import dev.vaultload.run.headroom.HeadroomRunner;
import dev.vaultload.run.load.LoadOperation;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code run --mode HEADROOM}: per storage and file size, a headroom measurement written as every mode's result
 * is, plus its steps as CSV and its plot in REPORT_DIR, and a table on the console.
 */
final class HeadroomMode {
    private final LoadModeContext context;
    private final SuiteSession session;
    private final HeadroomPlan plan;
    private final LoadOperation operation;

    HeadroomMode(LoadModeContext context, HeadroomPlan plan, LoadOperation operation) {
        this.context = context;
        this.session = context.session();
        this.plan = plan;
        this.operation = operation;
    }

    /** @return true when no measurement exceeded the error budget or lost data */
    boolean run() {
        // one measurement per storage, engine and size: the steps set the thread counts
        return session.combinations().filter(c -> c.threads() == session.config().threads().getFirst())
                .map(c -> measure(new Combination(c.storage(), c.engine(), plan.minThreads(), c.fileSizeKib(), c.repetition())))
                .reduce(true, Boolean::logicalAnd);
    }

    private boolean measure(Combination combination) {
        String storage = combination.storageAndEngine();
        int fileSizeKib = combination.fileSizeKib();
        String label = storage + " " + operation + " " + fileSizeKib + " KiB " + session.config().cipher();
        ReportName name = ReportName.of("headroom", storage, operation.name() + combination.runField(), fileSizeKib,
                session.config().cipher());
        RunResult result = new LoadModeRun(context, RunMode.HEADROOM, operation).run(combination, name, label,
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
            try {
                HeadroomChart.write(label, result.headroom(), Machine.describe(), png);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + png, e);
            }
            written.add(png);
        }
        return context.recorded(result, recorded -> print(label, recorded, written));
    }

    private void print(String label, RunResult result, List<Path> written) {
        PrintWriter out = context.out();
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
