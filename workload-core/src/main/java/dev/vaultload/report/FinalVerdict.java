package dev.vaultload.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The last line of {@code vaultload run} and {@code vaultload recover}: PASSED, FAILED or INCOMPLETE (recovered, with
 * nothing else against it), why (each failed result with its reasons, or the thresholds broken), and where the page
 * is, so that the answer is not lost above the tables.
 */
public final class FinalVerdict {

    private FinalVerdict() {
    }

    public static String line(List<RunResult> results, Optional<Path> page) {
        String where = page.map(file -> "; report: " + file).orElse("");
        if (results.isEmpty()) {
            return "FAILED: no result was measured" + where;
        }
        List<String> failed = results.stream().filter(result -> !result.passed())
                .map(result -> label(result) + ": " + String.join(", ", result.failureReasons())).toList();
        if (!failed.isEmpty()) {
            boolean onlyIncomplete = results.stream().filter(result -> !result.passed()).allMatch(FinalVerdict::onlyIncomplete);
            return (onlyIncomplete ? "INCOMPLETE: " : "FAILED: ") + failed.size() + " of " + Plural.of(results.size(), "result") + ": " + String.join("; ", failed) + where;
        }
        List<String> breached = results.stream().filter(RunResult::thresholdsBreached).map(FinalVerdict::label).toList();
        if (!breached.isEmpty()) {
            return "FAILED: thresholds broken by " + breached.size() + " of " + Plural.of(results.size(), "result") + ": "
                    + String.join("; ", breached) + where;
        }
        return "PASSED: " + Plural.of(results.size(), "result") + where;
    }

    /** A result recovered from a dead run's journal with nothing against it but that it is incomplete. */
    public static boolean onlyIncomplete(RunResult result) {
        return result.timing().incomplete() != null && result.failureReasons().size() == 1;
    }

    /** What ran, in this line's own words (Datasafe's heading keeps its "1 threads" and "Kb" for its parse scripts). */
    private static String label(RunResult result) {
        RunSetup setup = result.setup();
        return setup.mode() + " " + setup.storage() + " " + result.engineDescription().engine() + " "
                + Plural.of(setup.threads(), "thread") + (setup.mode() == RunMode.TRACE ? "" : " " + setup.fileSizeKib() + " KiB")
                + " " + setup.fixture();
    }
}
