package dev.vaultload.run;

import dev.vaultload.report.Failure;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ThresholdVerdict;
import java.util.List;
import java.util.stream.Collectors;

/** The failure message of a combination that did not pass: its error counts and first failures. */
public final class RunOutcome {
    private static final int FAILURES_SHOWN = 20;

    private RunOutcome() {
    }

    public static String describe(RunResult result) {
        String health = result.health() == null || result.health().failure() == null ? "" : result.health().failure() + "; ";
        return result.title() + " failed (" + result.setup().errorMode() + "): " + health + "errors " + result.errors()
                + "; first failures:\n" + firstFailures(result.failures());
    }

    /** The thresholds a result broke, one indented line each with what was measured. */
    public static String brokenThresholds(RunResult result) {
        return result.title() + " broke its thresholds:\n" + result.thresholds().stream().filter(ThresholdVerdict::breached)
                .map(verdict -> "  " + verdict.line()).collect(Collectors.joining("\n"));
    }

    /** The first failures for a console, one indented line each naming its object, and where the rest are. */
    public static String firstFailures(List<Failure> failures) {
        return failures.stream().limit(FAILURES_SHOWN).map(failure -> "  " + failure.line())
                .collect(Collectors.joining("\n"))
                + (failures.size() > FAILURES_SHOWN ? "\n  ... all " + failures.size()
                + " kept, and counts by class and stored object, are in the JSON report and report.html" : "");
    }
}
