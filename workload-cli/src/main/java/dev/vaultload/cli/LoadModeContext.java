package dev.vaultload.cli;

import dev.vaultload.report.ProgressLog;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ScheduleLimits;
import dev.vaultload.run.Combination;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.stats.IntervalListener;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What HEADROOM, RATE and TRACE are run with: the session, the live progress, the console, where each result goes
 * (the shards' results and the threshold gate) and how far an open loop may fall behind its schedule.
 */
record LoadModeContext(SuiteSession session, LiveProgress progress, PrintWriter out, Consumer<RunResult> recorder,
                       ScheduleLimits schedule) {

    /**
     * The listeners of one measurement's periods: the progress bar, a progress line headed {@code mode} and
     * {@code label}, and the live metrics when METRICS_PORT is set.
     */
    List<IntervalListener> listeners(String mode, String label, long plannedOperations, Combination combination, int threads) {
        return session.withMetrics(progress.listeners(label, plannedOperations,
                Optional.of(new ProgressLog(mode + " " + label))), combination, threads);
    }

    /** Hands the result on, prints it and returns whether it passed. */
    boolean recorded(RunResult result, Consumer<RunResult> print) {
        recorder.accept(result);
        print.accept(result);
        return result.passed();
    }
}
