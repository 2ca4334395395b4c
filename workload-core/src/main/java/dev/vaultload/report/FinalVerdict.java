package dev.vaultload.report;

import java.nio.file.Path;
import java.util.ArrayList;
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
        return line(results, TakenFromEarlierLives.NONE, page);
    }

    /**
     * As {@link #line(List, Optional)}, with the combinations an earlier life of the same RUN_ID finished, which this
     * process took from it instead of running them again: one that failed or broke a threshold then fails the line.
     */
    public static String line(List<RunResult> results, TakenFromEarlierLives earlier, Optional<Path> page) {
        String where = page.map(file -> "; report: " + file).orElse("");
        String taken = earlier.count() == 0 ? "" : Plural.of(earlier.count(), "combination")
                + " taken from an earlier life" + against(earlier);
        boolean earlierFailed = !earlier.failed().isEmpty() || !earlier.breached().isEmpty();
        if (results.isEmpty()) {
            return earlier.count() == 0 ? "FAILED: no result was measured" + where
                    : (earlierFailed ? "FAILED: " : "PASSED: ") + taken + ", none left to run" + where;
        }
        Verdict thisLife = thisLife(results);
        if (earlier.count() == 0) {
            return thisLife + where;
        }
        // a combination that failed or broke a threshold in the earlier life fails the run, whatever this one measured
        String word = earlierFailed ? "FAILED" : thisLife.word();
        return word + ": " + thisLife.why() + "; " + taken + where;
    }

    /** What the earlier life's combinations had against them, in parentheses; "" if nothing. */
    private static String against(TakenFromEarlierLives earlier) {
        List<String> parts = new ArrayList<>();
        if (!earlier.failed().isEmpty()) {
            parts.add(earlier.failed().size() + " failed: " + String.join("; ", earlier.failed()));
        }
        if (!earlier.breached().isEmpty()) {
            parts.add(earlier.breached().size() + " broke thresholds: " + String.join("; ", earlier.breached()));
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    private static Verdict thisLife(List<RunResult> results) {
        List<String> failed = results.stream().filter(result -> !result.passed())
                .map(result -> label(result) + ": " + String.join(", ", result.failureReasons())).toList();
        if (!failed.isEmpty()) {
            boolean onlyIncomplete = results.stream().filter(result -> !result.passed()).allMatch(FinalVerdict::onlyIncomplete);
            return new Verdict(onlyIncomplete ? "INCOMPLETE" : "FAILED", failed.size() + " of "
                    + Plural.of(results.size(), "result") + ": " + String.join("; ", failed));
        }
        List<String> breached = results.stream().filter(RunResult::thresholdsBreached).map(FinalVerdict::label).toList();
        if (!breached.isEmpty()) {
            return new Verdict("FAILED", "thresholds broken by " + breached.size() + " of "
                    + Plural.of(results.size(), "result") + ": " + String.join("; ", breached));
        }
        return new Verdict("PASSED", Plural.of(results.size(), "result"));
    }

    /** PASSED, FAILED or INCOMPLETE, and why. */
    private record Verdict(String word, String why) {
        @Override
        public String toString() {
            return word + ": " + why;
        }
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
