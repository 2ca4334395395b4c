package dev.vaultload.parse;

import dev.vaultload.report.RunResult;
import dev.vaultload.report.ThresholdVerdict;

/** A run's thresholds on its page: each as written, the limit, what was measured, and its verdict. */
final class ThresholdSection {

    private ThresholdSection() {
    }

    /** The badge beside a run's verdict when it broke a threshold; nothing otherwise. */
    static String badge(RunResult result) {
        return result.thresholdsBreached() ? " <span class=\"verdict failed\">THRESHOLDS BROKEN</span>" : "";
    }

    static void render(StringBuilder html, RunResult result) {
        if (result.thresholds() == null) {
            return;
        }
        html.append("<h3>Thresholds</h3><table class=\"thresholds\"><tr><th>threshold</th><th>measured</th>")
                .append("<th>verdict</th></tr>");
        for (ThresholdVerdict verdict : result.thresholds()) {
            html.append("<tr><td><code>").append(Html.escape(verdict.threshold())).append("</code></td><td>")
                    .append(verdict.measured() == null ? "nothing measured"
                            : Html.number(verdict.measured()) + " " + Html.escape(verdict.unit()))
                    .append(verdict.stoppedRunAfterMillis() == null ? ""
                            : ", stopped the run after " + Html.number(verdict.stoppedRunAfterMillis() / 1000.0) + " s")
                    .append("</td><td><span class=\"verdict ").append(verdict.breached() ? "failed\">" : "passed\">")
                    .append(verdict.verdict()).append("</span></td></tr>");
        }
        html.append("</table>");
    }
}
