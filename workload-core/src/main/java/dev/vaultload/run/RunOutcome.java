package dev.vaultload.run;

import dev.vaultload.report.RunResult;
import java.util.stream.Collectors;

/** The failure message of a combination that did not pass: its error counts and first failures. */
public final class RunOutcome {
    private static final int FAILURES_SHOWN = 20;

    private RunOutcome() {
    }

    public static String describe(RunResult result) {
        String health = result.health() == null || result.health().failure() == null ? "" : result.health().failure() + "; ";
        return result.title() + " failed (" + result.setup().errorMode() + "): " + health + "errors " + result.errors() + "; first failures:\n"
                + result.failures().stream().limit(FAILURES_SHOWN)
                .map(failure -> "  " + failure.line()).collect(Collectors.joining("\n"))
                + (result.failures().size() > FAILURES_SHOWN ? "\n  ... all " + result.failures().size()
                + " kept, and counts by class and stored object, are in the JSON report and report.html" : "");
    }
}
