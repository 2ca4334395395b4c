package dev.vaultload.report;

import dev.vaultload.stats.OperationStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;

/**
 * ApacheBench's closing table, per operation type, in milliseconds with microsecond resolution:
 * <pre>
 * WRITE: Percentage of the requests served within a certain time (ms)
 *   50%     12.034
 *   ...
 *  100%     87.210 (longest request)
 * </pre>
 */
public final class ServedWithinTable extends LoggedReport {

    public ServedWithinTable(Logger log) {
        super(log);
    }

    @Override
    public List<String> lines(RunResult result) {
        List<String> lines = new ArrayList<>();
        for (OperationStatistics operation : result.operations()) {
            if (operation.count() > 0) {
                lines.addAll(linesOf(operation));
            }
        }
        return lines;
    }

    static List<String> linesOf(OperationStatistics operation) {
        List<String> lines = new ArrayList<>();
        lines.add(operation.type() + ": Percentage of the requests served within a certain time (ms)");
        for (double percentile : OperationStatistics.SERVED_WITHIN_PERCENTILES) {
            String label = OperationStatistics.label(percentile);
            lines.add(String.format(Locale.ROOT, "%4s%% %10.3f%s", label,
                    operation.servedWithinMicros().get(label) / 1000.0, percentile == 100 ? " (longest request)" : ""));
        }
        return lines;
    }
}
