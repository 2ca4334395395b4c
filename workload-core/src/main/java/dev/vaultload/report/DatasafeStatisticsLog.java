package dev.vaultload.report;

import dev.vaultload.engine.EngineDescription;
import dev.vaultload.stats.OperationStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.slf4j.Logger;

/**
 * The statistics block in Datasafe's exact log format, so that its parse scripts read our logs:
 * <pre>
 * ==== Statistics for FILESYSTEM with 2 threads and 100 Kb filesize: ====
 * WRITE : StatisticService.Percentiles(stat={50=35.0, 75=57.0, 90=79.0, 95=87.65, 99=113.73}, throughputPerThread=21.19)
 * </pre>
 * Percentiles are in milliseconds (microsecond resolution), as Datasafe prints them.
 */
public final class DatasafeStatisticsLog extends LoggedReport {
    private static final List<String> DATASAFE_PERCENTILES = List.of("50", "75", "90", "95", "99");

    public DatasafeStatisticsLog(Logger log) {
        super(log);
    }

    @Override
    public List<String> lines(RunResult result) {
        List<String> lines = new ArrayList<>();
        lines.add(heading(result));
        lines.add(whatRan(result));
        for (OperationStatistics operation : result.operations()) {
            if (operation.count() > 0) {
                lines.add(line(operation));
            }
        }
        if (result.timing().interruptedBy() != null) {
            // not a statistics line: Datasafe's parse scripts skip it, a reader does not
            lines.add("INTERRUPTED by " + result.timing().interruptedBy() + ": the figures above are those of the "
                    + result.timing().wallClockMillis() + " ms before it");
        }
        return lines;
    }

    /**
     * What Datasafe's heading cannot say without breaking its parse scripts (they skip a line that is not a statistics
     * line): the mode, the engine as it really ran and the fixture.
     */
    static String whatRan(RunResult result) {
        EngineDescription engine = result.engineDescription();
        return result.setup().mode() + " of " + result.setup().fixture() + " on " + engine.engine() + ", cipher "
                + engine.cipher() + ", key pair " + engine.keyPairAlgorithm() + ", KDF " + engine.kdfIterations()
                + " iterations" + (engine.keyManager() == null ? "" : ", KMS " + engine.keyManager());
    }

    static String heading(RunResult result) {
        return "==== Statistics for " + result.title() + ": ====";
    }

    static String line(OperationStatistics operation) {
        StringJoiner stat = new StringJoiner(", ", "{", "}");
        Map<String, Long> percentiles = operation.percentileMicros();
        for (String percentile : DATASAFE_PERCENTILES) {
            stat.add(percentile + "=" + percentiles.get(percentile) / 1000.0);
        }
        return operation.type() + " : StatisticService.Percentiles(stat=" + stat
                + ", throughputPerThread=" + operation.throughputPerThread() + ")";
    }
}
