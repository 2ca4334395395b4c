package dev.vaultload.run;

import dev.vaultload.report.RunMode;

/**
 * A way of running the workload: a schedule of operations over the one {@link MeasurementLoop}, for every combination
 * of a session. FIXTURE replays the fixture in passes, HEADROOM steps its concurrency up to the knee, RATE paces
 * arrivals at a target rate and TRACE replays an imported trace at its timestamps. Made from the settings, once, by
 * {@link Modes#read}.
 */
public interface Mode {
    RunMode mode();

    /**
     * Refuses what this mode cannot run in the session (TRACE: a fixture without timestamps), once the fixture is
     * loaded and before any storage provider starts.
     *
     * @throws IllegalArgumentException naming the setting at fault
     */
    default void check(SuiteSession session) {
    }

    /**
     * Runs every combination of the session; each result is written in REPORT_FORMATS, kept by the session and
     * printed as it ends.
     *
     * @return true when every result passed
     */
    boolean run(ModeContext context);
}
