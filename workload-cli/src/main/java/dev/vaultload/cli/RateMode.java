package dev.vaultload.cli;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.report.ProgressLog;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.rate.RateJson;
import dev.vaultload.run.rate.RatePlan;
import dev.vaultload.run.rate.RateResult;
import dev.vaultload.run.rate.RateRunner;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.StorageProvider;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code run --mode RATE}: per combination an open-loop run at the target rate for DURATION, both latency
 * views printed per operation type and written as JSON in REPORT_DIR.
 */
final class RateMode {
    static final Duration DEFAULT_DURATION = Duration.ofSeconds(30);

    private final SuiteSession session;
    private final double opsPerSecond;
    private final LoadOperation operation;
    private final double errorBudget;
    private final LiveProgress progress;
    private final PrintWriter out;

    RateMode(SuiteSession session, double opsPerSecond, LoadOperation operation, double errorBudget, LiveProgress progress,
             PrintWriter out) {
        this.session = session;
        this.opsPerSecond = opsPerSecond;
        this.operation = operation;
        this.errorBudget = errorBudget;
        this.progress = progress;
        this.out = out;
    }

    /** @return true when no run lost data or exceeded the error budget */
    boolean run() {
        Duration duration = session.config().duration().orElse(DEFAULT_DURATION);
        long operations = Math.max(1, Math.round(opsPerSecond * duration.toNanos() / 1e9));
        return session.combinations().map(c -> measure(c, new RatePlan(opsPerSecond, c.threads(), operations)))
                .reduce(true, Boolean::logicalAnd);
    }

    private boolean measure(Combination combination, RatePlan plan) {
        String label = String.format(Locale.ROOT, "%s %s %d KiB %s %d threads at %.1f ops/s", combination.storageAndEngine(),
                operation, combination.fileSizeKib(), session.config().cipher(), combination.threads(), plan.opsPerSecond());
        StorageProvider provider = session.provider(combination);
        RateResult result;
        try (LoadWorkload workload = LoadWorkload.prepare(operation, session.fixture(),
                provider.openBucket(provider.defaultBucket()), store -> session.engine(combination, store),
                new ContentGenerator(),
                combination.fileSizeBytes())) {
            result = new RateRunner(plan, workload, session.config().reportPeriod(),
                    session.withMetrics(progress.listeners(label, plan.operations(),
                            Optional.of(new ProgressLog("RATE " + label))), combination, combination.threads()))
                    .run(label);
        }
        Path json = session.config().reportDirectory().resolve(ReportName.of("rate", combination.storageAndEngine(),
                operation + "-" + combination.threads() + "t", combination.fileSizeKib(), session.config().cipher()).file("json"));
        new RateJson().write(result, json);
        print(result, json);
        return result.passed(errorBudget);
    }

    private void print(RateResult result, Path json) {
        out.println("==== Rate " + result.label() + " ====");
        out.printf(Locale.ROOT, "target %.1f ops/s, achieved %.1f ops/s over %.1f s, errors %s%n",
                result.targetOpsPerSecond(), result.achievedOpsPerSecond(), result.elapsedMillis() / 1000.0, result.errors());
        printLatencies("corrected (from the intended start, no coordinated omission)", result.corrected());
        printLatencies("uncorrected (from the actual start: service time)", result.uncorrected());
        if (!result.failures().isEmpty()) {
            out.println(RunOutcome.firstFailures(result.failures()));
        }
        out.println("wrote " + json);
        out.flush();
    }

    private void printLatencies(String view, List<OperationStatistics> statistics) {
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
