package dev.vaultload.report;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;

/**
 * Each threshold's verdict after a combination, a warning for each one breached:
 * <pre>
 * Thresholds: 1 of 2 breached
 * PASSED   errors &lt; 0.1%: measured 0.000 %
 * FAILED   READ p99 &lt; 50ms: measured 63.200 ms
 * </pre>
 */
public final class ThresholdLog extends LoggedReport {

    public ThresholdLog(Logger log) {
        super(log);
    }

    @Override
    public List<String> lines(RunResult result) {
        if (result.thresholds() == null) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add("Thresholds: " + result.thresholds().stream().filter(ThresholdVerdict::breached).count() + " of "
                + result.thresholds().size() + " breached");
        result.thresholds().forEach(verdict -> lines.add(verdict.line()));
        return lines;
    }
}
