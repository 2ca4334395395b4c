package dev.vaultload.cli;

import dev.vaultload.report.RunResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The last line of {@code vaultload run}: PASSED or FAILED, why (each failed result with its reasons, or the
 * thresholds broken), and where the page is, so that the answer is not lost above the tables.
 */
final class FinalVerdict {

    private FinalVerdict() {
    }

    static String line(List<RunResult> results, Optional<Path> page) {
        String where = page.map(file -> "; report: " + file).orElse("");
        if (results.isEmpty()) {
            return "FAILED: no result was measured" + where;
        }
        List<String> failed = results.stream().filter(result -> !result.passed())
                .map(result -> result.title() + ": " + String.join(", ", result.failureReasons())).toList();
        if (!failed.isEmpty()) {
            return "FAILED: " + failed.size() + " of " + Plural.of(results.size(), "result") + ": " + String.join("; ", failed) + where;
        }
        List<String> breached = results.stream().filter(RunResult::thresholdsBreached).map(RunResult::title).toList();
        if (!breached.isEmpty()) {
            return "FAILED: thresholds broken by " + breached.size() + " of " + Plural.of(results.size(), "result") + ": "
                    + String.join("; ", breached) + where;
        }
        return "PASSED: " + Plural.of(results.size(), "result") + where;
    }
}
