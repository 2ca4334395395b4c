package dev.vaultload.report;

import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StoreTrafficStatistics;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.slf4j.Logger;

/**
 * One line per operation type that asked the store something through the harness's store: requests per operation by
 * kind, and bytes sent and received per byte of content where the operation has content.
 * <pre>
 * WRITE store requests per operation: PUT 1.00 (1.00 in all); bytes per content byte: sent 1.0215, received 0.0000
 * LIST store requests per operation: LIST 2.00 (2.00 in all)
 * </pre>
 */
public final class StoreTrafficLog extends LoggedReport {

    public StoreTrafficLog(Logger log) {
        super(log);
    }

    @Override
    public List<String> lines(RunResult result) {
        return result.operations().stream()
                .filter(operation -> operation.storeTraffic() != null && operation.count() > 0)
                .map(StoreTrafficLog::line).toList();
    }

    static String line(OperationStatistics operation) {
        StoreTrafficStatistics traffic = operation.storeTraffic();
        String requests = traffic.requestsPerOperation().entrySet().stream()
                .map(kind -> String.format(Locale.ROOT, "%s %.2f", kind.getKey(), kind.getValue()))
                .collect(Collectors.joining(", "));
        String perContentByte = traffic.sentBytesPerContentByte() == null ? ""
                : String.format(Locale.ROOT, "; bytes per content byte: sent %.4f, received %.4f",
                        traffic.sentBytesPerContentByte(), traffic.receivedBytesPerContentByte());
        return String.format(Locale.ROOT, "%s store requests per operation: %s (%.2f in all)%s", operation.type(), requests,
                traffic.totalRequestsPerOperation(), perContentByte);
    }
}
