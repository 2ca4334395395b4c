package dev.vaultload.parse;

import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.TimeSplit;
import java.util.List;

/**
 * Where a run's time went, per operation type with a split: waiting on the store, on the key manager, and in the
 * engine, as mean milliseconds and shares of the latency, with the key-manager calls per operation. The key
 * manager's columns appear only when the engine called one.
 */
final class TimeSplitSection {
    private TimeSplitSection() {
    }

    static void render(StringBuilder html, RunResult result) {
        List<OperationStatistics> split = result.operations().stream()
                .filter(operation -> operation.timeSplit() != null && operation.count() > 0).toList();
        if (split.isEmpty()) {
            return;
        }
        boolean kms = split.stream().anyMatch(operation -> operation.timeSplit().calledKms());
        html.append("<h3>Where the time went (mean ms per operation)</h3><table class=\"time-split\"><tr><th>operation</th>")
                .append("<th>store</th>").append(kms ? "<th>KMS</th>" : "").append("<th>engine</th><th>store share</th>")
                .append(kms ? "<th>KMS share</th><th>KMS calls per operation</th>" : "").append("</tr>");
        for (OperationStatistics operation : split) {
            TimeSplit time = operation.timeSplit();
            html.append("<tr data-operation=\"").append(operation.type()).append("\"><td>").append(operation.type())
                    .append("</td><td>").append(Html.millis(Math.round(time.storageMeanMicros()))).append("</td>");
            if (kms) {
                html.append("<td>").append(Html.millis(Math.round(time.kmsMeanMicros()))).append("</td>");
            }
            html.append("<td>").append(Html.millis(Math.round(time.engineMeanMicros()))).append("</td><td>")
                    .append(Html.percent(time.storageShare())).append("</td>");
            if (kms) {
                html.append("<td>").append(Html.percent(time.kmsShare())).append("</td><td class=\"kms-calls\">")
                        .append(Html.number(time.kmsCallsPerOperation())).append("</td>");
            }
            html.append("</tr>");
        }
        html.append("</table>");
    }
}
