package dev.vaultload.report;

import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.RangedReadStatistics;
import dev.vaultload.stats.StoreTrafficStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.slf4j.Logger;

/**
 * One line per operation type that asked the store something through the harness's store: requests per operation by
 * kind, and bytes sent and received per byte of content where the operation has content; then, for READs of a byte
 * range, bytes fetched and decrypted per byte returned.
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
        List<String> lines = new ArrayList<>(result.operations().stream()
                .filter(operation -> operation.storeTraffic() != null && operation.count() > 0)
                .map(StoreTrafficLog::line).toList());
        result.operations().stream().filter(operation -> operation.rangedReads() != null)
                .forEach(operation -> lines.add(rangedLine(operation.rangedReads())));
        return lines;
    }

    /** Shown whether or not the store saw the reads: an engine with its own clients may count its fetches. */
    static String rangedLine(RangedReadStatistics ranged) {
        return String.format(Locale.ROOT, "READ of a range (%d, %.0f bytes returned per read): per byte returned,"
                + " fetched %s, decrypted %s", ranged.count(), ranged.returnedBytesPerRead(),
                ratio(ranged.fetchedBytesPerReturnedByte()), ratio(ranged.decryptedBytesPerReturnedByte()));
    }

    private static String ratio(Double value) {
        return value == null ? "not seen" : String.format(Locale.ROOT, "%.4f", value);
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
