package dev.vaultload.cli;

import dev.vaultload.report.ThresholdSettings;
import dev.vaultload.report.Thresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Option;

/** {@code --threshold}, repeatable, of {@code run} and {@code merge}: added to THRESHOLDS (and THRESHOLDS_FILE). */
final class ThresholdOptions {
    @Option(names = "--threshold", paramLabel = "THRESHOLD", description = "a pass/fail limit judged on every "
            + "combination, e.g. 'READ p99 < 50ms', 'errors < 0.1%%', 'WRITE ops/s > 200'; repeatable, added to THRESHOLDS")
    private List<String> given = new ArrayList<>();

    /**
     * {@code settings} whose THRESHOLDS has every {@code --threshold} added, each checked first so that a bad one is
     * named as typed.
     */
    Function<String, String> addedTo(Function<String, String> settings) {
        Thresholds.parse("--threshold", given);
        String name = ThresholdSettings.THRESHOLDS.name();
        return setting -> {
            if (!setting.equals(name) || given.isEmpty()) {
                return settings.apply(setting);
            }
            List<String> all = new ArrayList<>(given);
            Optional.ofNullable(settings.apply(name)).ifPresent(all::addFirst);
            return String.join(";", all);
        };
    }
}
