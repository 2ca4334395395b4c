package dev.vaultload.cli;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.parse.HeadroomChart;
import dev.vaultload.report.ProgressLog;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.run.headroom.HeadroomCsv;
import dev.vaultload.run.headroom.HeadroomPlan;
import dev.vaultload.run.headroom.HeadroomResult;
import dev.vaultload.run.headroom.HeadroomRunner;
import dev.vaultload.run.headroom.HeadroomStep;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.storage.StorageProvider;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code run --mode HEADROOM}: per storage and file size, a headroom measurement, its CSV and its plot in
 * REPORT_DIR, and a table on the console.
 */
final class HeadroomMode {
    private final SuiteSession session;
    private final HeadroomPlan plan;
    private final LoadOperation operation;
    private final LiveProgress progress;
    private final PrintWriter out;

    HeadroomMode(SuiteSession session, HeadroomPlan plan, LoadOperation operation, LiveProgress progress, PrintWriter out) {
        this.session = session;
        this.plan = plan;
        this.operation = operation;
        this.progress = progress;
        this.out = out;
    }

    /** @return true when no measurement exceeded the error budget or lost data */
    boolean run() {
        // one measurement per storage, engine and size: the steps set the thread counts
        return session.combinations().filter(c -> c.threads() == session.config().threads().getFirst())
                .map(c -> measure(new Combination(c.storage(), c.engine(), plan.minThreads(), c.fileSizeKib())))
                .reduce(true, Boolean::logicalAnd);
    }

    private boolean measure(Combination combination) {
        String storage = combination.storageAndEngine();
        int fileSizeKib = combination.fileSizeKib();
        String label = storage + " " + operation + " " + fileSizeKib + " KiB " + session.config().cipher();
        StorageProvider provider = session.provider(combination);
        HeadroomResult result;
        try (LoadWorkload workload = LoadWorkload.prepare(operation, session.fixture(),
                provider.openBucket(provider.defaultBucket()), store -> session.engine(combination, store),
                new ContentGenerator(), fileSizeKib * 1024L)) {
            result = new HeadroomRunner(plan, workload, session.config().reportPeriod(),
                    threads -> session.withMetrics(progress.listeners(label + " " + threads + " threads",
                            plan.operationsPerStep(), Optional.of(new ProgressLog("HEADROOM " + label + " " + threads
                                    + " threads"))), combination, threads))
                    .run(label);
        }
        ReportName name = ReportName.of("headroom", storage, operation.name(), fileSizeKib, session.config().cipher());
        Path csv = session.config().reportDirectory().resolve(name.file("csv"));
        Path png = session.config().reportDirectory().resolve(name.file("png"));
        HeadroomCsv.write(result, csv);
        try {
            HeadroomChart.write(result, Machine.describe(), png);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + png, e);
        }
        print(result, csv, png);
        return result.passed();
    }

    private void print(HeadroomResult result, Path csv, Path png) {
        out.println("==== Headroom of " + result.label() + " ====");
        out.println("threads      ops/s     p50 ms     p90 ms     p99 ms   errors");
        for (HeadroomStep step : result.steps()) {
            out.printf(Locale.ROOT, "%7d %10.1f %10.3f %10.3f %10.3f %8d%s%n", step.threads(), step.opsPerSecond(),
                    step.p50Micros() / 1000.0, step.p90Micros() / 1000.0, step.p99Micros() / 1000.0, step.errors(),
                    result.knee().filter(step::equals).isPresent() ? "   <- knee" : "");
        }
        out.println("stopped: " + result.stopReason());
        result.knee().ifPresentOrElse(
                knee -> out.printf(Locale.ROOT, "knee: %d threads, %.1f ops/s, p50 %.3f ms%n", knee.threads(),
                        knee.opsPerSecond(), knee.p50Micros() / 1000.0),
                () -> out.println("knee: none (no step completed an operation)"));
        if (!result.failures().isEmpty()) {
            out.println(RunOutcome.firstFailures(result.failures()));
        }
        out.println("wrote " + csv);
        out.println("wrote " + png);
        out.flush();
    }
}
