package dev.vaultload.report;

import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.ErrorClass;
import java.util.List;
import java.util.Map;

/**
 * The rotation sweep a RATE run had beside its load: how fast it went over its documents while the load ran, and
 * what it cost itself. The load's own figures are the result's; the same load without the sweep is the result
 * written before it.
 *
 * @param operation          ROTATE_KEY (documents re-wrapped) or REENCRYPT (documents encrypted again)
 * @param users              the sweep's own users
 * @param documentsPerUser   documents each of them holds
 * @param documentsSwept     documents re-wrapped or re-encrypted by a successful operation while the load ran
 * @param completeSweeps     times every document of every user was swept
 * @param sweepMillis        from the sweep's start to the end of its last operation
 * @param documentsPerSecond documentsSwept over sweepMillis
 * @param operations         the sweep's operations, timed as the load's are
 * @param documentsChecked   documents read back afterwards with the current secret (and tried with every superseded one)
 * @param errors             failures of the sweep's operations and of its checks, by class: they count as the run's
 */
public record SweepSection(String operation, int users, int documentsPerUser, long documentsSwept, long completeSweeps,
                           long sweepMillis, double documentsPerSecond, List<OperationStatistics> operations,
                           long documentsChecked, Map<ErrorClass, Long> errors) {
    public SweepSection {
        operations = List.copyOf(operations);
        errors = Map.copyOf(errors);
    }
}
