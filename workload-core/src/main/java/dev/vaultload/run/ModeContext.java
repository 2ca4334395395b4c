package dev.vaultload.run;

import dev.vaultload.report.ProgressLog;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.IntervalListener;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** What a mode runs with: the started session and the console it prints on. */
public record ModeContext(SuiteSession session, RunConsole console) {

    /**
     * The listeners of one load measurement's periods: the progress display, a progress line headed {@code mode} and
     * {@code label}, and the live metrics when METRICS_PORT is set.
     */
    public List<IntervalListener> listeners(String mode, String label, long plannedOperations, Combination combination,
                                            int threads) {
        return session.withMetrics(console.progress().listeners(label, plannedOperations,
                Optional.of(new ProgressLog(mode + " " + label))), combination, threads);
    }

    /** Names the thresholds a load mode's result (kept by the session) broke, prints it and returns whether it passed. */
    public boolean recorded(RunResult result, Consumer<RunResult> print) {
        judged(result);
        print.accept(result);
        return result.passed();
    }

    /** Names each threshold a result broke on the error stream (the log has every verdict). */
    public void judged(RunResult result) {
        if (result.thresholdsBreached()) {
            console.err().println(RunOutcome.brokenThresholds(result));
            console.err().flush();
        }
    }
}
