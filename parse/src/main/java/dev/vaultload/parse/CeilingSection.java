package dev.vaultload.parse;

import dev.vaultload.ceiling.CryptoCeiling;
import dev.vaultload.ceiling.CryptoWork;
import dev.vaultload.ceiling.SizeCeiling;
import dev.vaultload.report.CeilingShare;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A run's CPU per MiB on its page: each operation's worker CPU per MiB of content and, with a crypto ceiling, its
 * share of this machine's ceiling for the work the operation cannot avoid; then the ceiling itself, per work and
 * document size. Results without them show nothing.
 */
final class CeilingSection {
    /** The environment's field that this section shows instead of the environment's table. */
    private static final String CEILING_FIELD = "cryptoCeiling";

    private CeilingSection() {
    }

    static void render(StringBuilder html, RunResult result) {
        List<OperationStatistics> measured = result.operations().stream()
                .filter(operation -> operation.workerCpuMillisPerMib() != null).toList();
        if (!measured.isEmpty()) {
            cpuPerMib(html, measured, result.ceilingShares());
        }
        CryptoCeiling ceiling = result.environment() == null ? null : result.environment().cryptoCeiling();
        if (ceiling != null) {
            ceiling(html, ceiling);
        }
    }

    /** The environment's fields without the ceiling, which has its own table here. */
    static Map<String, Object> withoutCeiling(Map<String, Object> environment) {
        Map<String, Object> rows = new LinkedHashMap<>(environment);
        rows.remove(CEILING_FIELD);
        return rows;
    }

    private static void cpuPerMib(StringBuilder html, List<OperationStatistics> operations, List<CeilingShare> shares) {
        html.append("<h3>CPU per MiB</h3><p>CPU of the threads that ran the operations, per MiB of content: all of it on")
                .append(" MEMORY and FILESYSTEM, the engine's side without the HTTP client's own threads on an S3 store.")
                .append("</p><table class=\"cpu-per-mib\"><tr><th>operation</th><th>worker CPU ms/MiB</th>")
                .append("<th>work it cannot avoid</th><th>ceiling ms/MiB</th><th>share of the ceiling</th></tr>");
        for (OperationStatistics operation : operations) {
            Optional<CeilingShare> share = shares.stream().filter(found -> found.operation() == operation.type()).findFirst();
            html.append("<tr data-operation=\"").append(operation.type()).append("\"><td>").append(operation.type())
                    .append("</td><td>").append(Html.number(operation.workerCpuMillisPerMib())).append("</td><td>")
                    .append(share.map(found -> Html.escape(found.work())).orElse("-")).append("</td><td>")
                    .append(share.map(found -> Html.number(found.ceilingMillisPerMib())).orElse("-"))
                    .append("</td>").append(share.map(CeilingSection::shareCell).orElse("<td class=\"share\">-</td>"))
                    .append("</tr>");
        }
        html.append("</table>");
    }

    /** A share against a suspect ceiling is shown as suspect, with the reason, not as a fact. */
    private static String shareCell(CeilingShare share) {
        return share.ceilingSuspect() == null ? "<td class=\"share\">" + Html.number(share.shareOfCeiling()) + "</td>"
                : "<td class=\"share suspect\" title=\"" + Html.escape(share.ceilingSuspect()) + "\">"
                + Html.number(share.shareOfCeiling()) + " (ceiling suspect: " + Html.escape(share.ceilingSuspect())
                + ")</td>";
    }

    private static void ceiling(StringBuilder html, CryptoCeiling ceiling) {
        html.append("<h3>Crypto ceiling of this machine</h3><p>MiB/s on one core, on the JDK's providers (SunJCE, SUN),")
                .append(" for the works the run needed: each the best of its rounds of ").append(ceiling.roundMillis())
                .append(" ms after a warm-up (").append(ceiling.rounds()).append(" rounds in all); measured in ")
                .append(ceiling.measurementMillis()).append(" ms before the run. ")
                .append(ceiling.steady() ? "Every work's best had stopped rising."
                        : "<strong class=\"suspect\">Not steady: its time ran out while a work's best still rose (or"
                        + " the result predates the check), so these may be below what the machine does and the shares"
                        + " against them are marked suspect.</strong>")
                .append("</p><table class=\"ceiling\"><tr><th>work</th>");
        for (SizeCeiling size : ceiling.sizes()) {
            html.append("<th>").append(size.fileSizeKib()).append(" KiB")
                    .append(size.bufferKib() == size.fileSizeKib() ? "" : " (" + size.bufferKib() + " KiB buffer)")
                    .append("</th>");
        }
        html.append("</tr>");
        for (CryptoWork work : measuredWorks(ceiling)) {
            html.append("<tr><td>").append(Html.escape(work.label())).append("</td>");
            for (SizeCeiling size : ceiling.sizes()) {
                Double rate = size.mibPerSecond().get(work);
                html.append("<td>").append(rate == null ? "-" : Html.number(rate)).append("</td>");
            }
            html.append("</tr>");
        }
        html.append("</table>");
    }

    private static Set<CryptoWork> measuredWorks(CryptoCeiling ceiling) {
        Set<CryptoWork> works = EnumSet.noneOf(CryptoWork.class);
        ceiling.sizes().forEach(size -> works.addAll(size.mibPerSecond().keySet()));
        return works;
    }
}
