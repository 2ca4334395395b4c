package dev.vaultload.faults;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.stats.ErrorClass;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The matrix as a Markdown table: one row per fault, store and engine, the failed calls of each operation by class. */
final class FaultMatrixReport {
    private static final List<OperationType> COLUMNS = List.of(OperationType.WRITE, OperationType.SHARE,
            OperationType.READ, OperationType.LIST, OperationType.DELETE);

    private FaultMatrixReport() {
    }

    static String markdown(List<FaultCell> cells) {
        StringBuilder table = new StringBuilder();
        table.append("| fault | store | engine | on (s) | ");
        COLUMNS.forEach(type -> table.append(type).append(" | "));
        table.append("retries | longest op (ms) | failing after heal (ms) | objects checked | in doubt: found / absent | LOST"
                + " | altered | verdict |\n");
        table.append("|---".repeat(COLUMNS.size() + 12)).append("|\n");
        for (FaultCell cell : cells) {
            ObjectOutcomes objects = cell.objects();
            table.append("| ").append(cell.faultName())
                    .append(" | ").append(cell.store())
                    .append(" | ").append(cell.engine())
                    .append(" | ").append(String.format(Locale.ROOT, "%.1f", cell.faultOn().toMillis() / 1000.0))
                    .append(" | ");
            COLUMNS.forEach(type -> table.append(errors(cell.errors(type))).append(" | "));
            table.append(cell.retries())
                    .append(" | ").append(cell.longestMillis())
                    .append(" | ").append(cell.recovery().toMillis())
                    .append(" | ").append(objects.checked())
                    .append(" | ").append(objects.inDoubtFound()).append(" / ").append(objects.inDoubtAbsent())
                    .append(" | ").append(cell.lost())
                    .append(" | ").append(cell.integrity())
                    .append(" | ").append(cell.verdict())
                    .append(" |\n");
        }
        return table.toString();
    }

    private static String errors(Map<ErrorClass, Long> errors) {
        return errors.isEmpty() ? "-" : errors.entrySet().stream()
                .map(entry -> entry.getKey() + " " + entry.getValue()).collect(Collectors.joining(", "));
    }
}
