package dev.vaultload.cli;

import dev.vaultload.report.RunResult;
import dev.vaultload.run.RunOutcome;
import java.io.PrintWriter;
import java.util.function.Consumer;

/**
 * Hears every combination's result and names each threshold it broke on stderr (the log has every verdict), so that
 * {@code run} can exit with {@link ExitCodes#THRESHOLD_BREACHED} once every result is written.
 */
final class ThresholdGate implements Consumer<RunResult> {
    private final PrintWriter err;
    private boolean breached;

    ThresholdGate(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void accept(RunResult result) {
        if (result.thresholdsBreached()) {
            breached = true;
            err.println(RunOutcome.brokenThresholds(result));
            err.flush();
        }
    }

    /** The exit status of a run whose results all {@code passed} or not. */
    int exitCode(boolean passed) {
        return !passed ? ExitCodes.FAILED : breached ? ExitCodes.THRESHOLD_BREACHED : ExitCodes.OK;
    }
}
