package dev.vaultload.parse;

import dev.vaultload.report.Failure;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.ErrorClass;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's errors on its page: counts by class, the failure groups (class and stored object prefix) with the most
 * failures, and the first failures kept, each with the object to inspect. Bounded: a soak in CONTINUE mode keeps up
 * to {@value RunResult#MAX_FAILURES_KEPT} failures and may count them on thousands of objects; the page shows the
 * start of both and says where the rest is (the JSON), so it stays small enough to open.
 */
final class FailureSection {
    /** Failures listed on the page; the JSON holds every kept one. */
    static final int FAILURES_SHOWN = 200;
    /** Failure groups listed, the largest first; the rest are summed in one line. */
    static final int GROUPS_SHOWN = 100;
    /** Up to this many rows a list is shown open; a longer one stays folded, the counts by class above it. */
    private static final int FOLDED_FROM = 20;

    private FailureSection() {
    }

    static void render(StringBuilder html, RunResult result) {
        html.append("<h3>Errors by class</h3>");
        if (result.errorCount() == 0) {
            html.append("<p class=\"errors\">none</p>");
            return;
        }
        Map<String, Object> rows = new LinkedHashMap<>();
        for (ErrorClass errorClass : ErrorClass.values()) {
            rows.put(errorClass.name(), result.errors().getOrDefault(errorClass, 0L));
        }
        Html.table(html, "errors", rows);
        if (result.failureGroups() != null && !result.failureGroups().isEmpty()) {
            groups(html, result.failureGroups());
        }
        failures(html, result.failures());
    }

    private static void groups(StringBuilder html, Map<String, Long> groups) {
        html.append("<details class=\"failure-groups\"").append(groups.size() <= FOLDED_FROM ? " open" : "")
                .append("><summary>").append(groups.size()).append(" groups of failures by class and stored object")
                .append(groups.size() > GROUPS_SHOWN ? ", the largest " + GROUPS_SHOWN + " shown" : "").append("</summary>");
        List<Map.Entry<String, Long>> largest = groups.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                .toList();
        Map<String, Object> rows = new LinkedHashMap<>();
        largest.stream().limit(GROUPS_SHOWN).forEach(group -> rows.put(group.getKey(), group.getValue()));
        if (largest.size() > GROUPS_SHOWN) {
            List<Map.Entry<String, Long>> rest = largest.subList(GROUPS_SHOWN, largest.size());
            rows.put(rest.size() + " smaller groups (in the JSON's failureGroups)",
                    rest.stream().mapToLong(Map.Entry::getValue).sum());
        }
        Html.table(html, "failure-groups", rows);
        html.append("</details>");
    }

    /** The first failures kept, with the object to inspect, when each was seen and its step of the fixture. */
    private static void failures(StringBuilder html, List<Failure> failures) {
        List<Failure> shown = failures.subList(0, Math.min(FAILURES_SHOWN, failures.size()));
        html.append("<details class=\"failures\"").append(failures.size() <= FOLDED_FROM ? " open" : "")
                .append("><summary>").append(failures.size()).append(" failures kept")
                .append(shown.size() < failures.size() ? ", the first " + shown.size() + " shown (all in the JSON)" : "")
                .append("</summary><table class=\"failures\"><tr><th>class</th><th>operation</th><th>stored object</th>")
                .append("<th>at</th><th>fixture step</th><th>message</th></tr>");
        for (Failure failure : shown) {
            html.append("<tr><td>").append(failure.errorClass()).append("</td><td>").append(failure.type())
                    .append("</td><td class=\"text\"><code>").append(Html.escape(orDash(failure.storeObject())))
                    .append("</code></td><td class=\"text\">").append(Html.escape(orDash(failure.at()))).append("</td><td>")
                    .append(failure.operationIndex() == null ? "-" : failure.operationIndex())
                    .append("</td><td class=\"text\"><code>").append(Html.escape(failure.message())).append("</code></td></tr>");
        }
        html.append("</table></details>");
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }
}
