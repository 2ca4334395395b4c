package dev.vaultload.parse;

import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StoreTrafficStatistics;
import dev.vaultload.storage.StoreRequest;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What each operation type asked of the store per operation: requests by kind (only the kinds any type made), and
 * bytes sent and received per byte of content (an engine's amplification; "-" for a type without content). Absent when
 * the engine stores through a client that counts nothing (Datasafe's own, DATASAFE_STORAGE=NATIVE).
 */
final class StoreTrafficSection {
    private StoreTrafficSection() {
    }

    static void render(StringBuilder html, RunResult result) {
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
