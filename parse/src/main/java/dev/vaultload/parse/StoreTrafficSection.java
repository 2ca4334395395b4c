package dev.vaultload.parse;

import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.RangedReadStatistics;
import dev.vaultload.stats.StoreTrafficStatistics;
import dev.vaultload.storage.StoreRequest;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What each operation type asked of the store per operation: requests by kind (only the kinds any type made), and
 * bytes sent and received per byte of content (an engine's amplification; "-" for a type without content). Absent when
 * the engine stores through a client that counts nothing (Datasafe's own, DATASAFE_STORAGE=NATIVE). Then, where READs
 * of a byte range ran, what they fetched and decrypted per byte returned, whoever's clients fetched.
 */
final class StoreTrafficSection {
    private StoreTrafficSection() {
    }

    static void render(StringBuilder html, RunResult result) {
        renderRequests(html, result);
        result.operations().stream().filter(operation -> operation.rangedReads() != null)
                .forEach(operation -> renderRangedReads(html, operation.rangedReads()));
    }

    private static void renderRangedReads(StringBuilder html, RangedReadStatistics ranged) {
        html.append("<h3>READs of a byte range</h3><table class=\"ranged-reads\"><tr><th>ranged READs</th>")
                .append("<th>bytes returned per read</th><th>bytes fetched per byte returned</th>")
                .append("<th>bytes decrypted per byte returned</th></tr><tr><td>").append(ranged.count())
                .append("</td><td>").append(Html.number(ranged.returnedBytesPerRead())).append("</td><td class=\"fetched\">")
                .append(ratio(ranged.fetchedBytesPerReturnedByte())).append("</td><td class=\"decrypted\">")
                .append(ratio(ranged.decryptedBytesPerReturnedByte())).append("</td></tr></table>");
    }

    private static void renderRequests(StringBuilder html, RunResult result) {
        List<OperationStatistics> seen = result.operations().stream()
                .filter(operation -> operation.storeTraffic() != null && operation.count() > 0).toList();
        if (seen.isEmpty()) {
            return;
        }
        List<StoreRequest> kinds = Arrays.stream(StoreRequest.values())
                .filter(kind -> seen.stream().anyMatch(operation -> operation.storeTraffic().requestsPerOperation().containsKey(kind)))
                .toList();
        html.append("<h3>What each operation asked of the store (per operation)</h3><table class=\"store-traffic\"><tr>")
                .append("<th>operation</th>");
        kinds.forEach(kind -> html.append("<th>").append(kind).append("</th>"));
        html.append("<th>bytes sent per content byte</th><th>bytes received per content byte</th></tr>");
        for (OperationStatistics operation : seen) {
            StoreTrafficStatistics traffic = operation.storeTraffic();
            html.append("<tr data-operation=\"").append(operation.type()).append("\"><td>").append(operation.type()).append("</td>");
            kinds.forEach(kind -> html.append("<td>")
                    .append(Html.number(traffic.requestsPerOperation().getOrDefault(kind, 0.0))).append("</td>"));
            html.append("<td class=\"sent\">").append(ratio(traffic.sentBytesPerContentByte())).append("</td><td class=\"received\">")
                    .append(ratio(traffic.receivedBytesPerContentByte())).append("</td></tr>");
        }
        html.append("</table>");
    }

    private static String ratio(Double perContentByte) {
        return perContentByte == null ? "-" : String.format(Locale.ROOT, "%.3f", perContentByte);
    }
}
