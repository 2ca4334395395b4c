package dev.vaultload.report;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.OperationStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;

/**
 * One line per WRITE and READ: its worker CPU per MiB of content and, with a crypto ceiling, how close that comes to
 * this machine's ceiling for the work the operation cannot avoid ({@link CeilingShare}). The CPU is the worker
 * threads': an S3 store's HTTP client threads are not in it.
 * <pre>
 * VAULTLOAD READ 10240 KiB: 0.900 ms worker CPU/MiB, 0.74 of this machine's AES-256-GCM decrypt + SHA-256 (0.666 ms/MiB)
 * </pre>
 * A share whose ceiling is suspect ({@link CeilingShare#ceilingSuspect()}) is printed as such, with the reason, not as a
 * fact.
 */
public final class CeilingLog extends LoggedReport {
    private static final List<OperationType> SHOWN = List.of(OperationType.WRITE, OperationType.READ);

    public CeilingLog(Logger log) {
        super(log);
    }

    @Override
    public List<String> lines(RunResult result) {
        List<CeilingShare> shares = result.ceilingShares();
        return result.operations().stream()
                .filter(operation -> SHOWN.contains(operation.type()) && operation.workerCpuMillisPerMib() != null)
                .map(operation -> line(result, operation, shares.stream()
                        .filter(share -> share.operation() == operation.type()).findFirst()))
                .toList();
    }

    private static String line(RunResult result, OperationStatistics operation, Optional<CeilingShare> share) {
        return String.format(Locale.ROOT, "%s %s %d KiB: %.3f ms worker CPU/MiB", result.engineDescription().engine(),
                operation.type(), result.setup().fileSizeKib(), operation.workerCpuMillisPerMib())
                + share.map(found -> String.format(Locale.ROOT, ", %s%.2f of this machine's %s (%.3f ms/MiB)",
                found.ceilingSuspect() == null ? "" : "CEILING SUSPECT (" + found.ceilingSuspect() + "): ",
                found.shareOfCeiling(), found.work(), found.ceilingMillisPerMib())).orElse("");
    }
}
