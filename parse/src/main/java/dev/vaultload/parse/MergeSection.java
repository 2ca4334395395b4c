package dev.vaultload.parse;

import dev.vaultload.report.MergeSummary;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a merged result is made of, first on its page: complete, partial or unsynchronized, every shard of the run
 * (contributed, or missing and why), each contributing shard's ops/s, start lateness and replay time with stragglers
 * marked, and the overlap window in which all of them were replaying, its share of the median shard's replay, and
 * its own ops/s and latencies: the load the store saw from all shards at once.
 */
final class MergeSection {
    private MergeSection() {
    }

    static void render(StringBuilder html, MergeSummary merge) {
        html.append("<h3>Merge <span class=\"verdict ").append(MergeSummary.COMPLETE.equals(merge.status()) ? "complete" : "partial")
                // an unsynchronized merge looks as bad as a partial one: its sum is not a load
                .append("\">").append(Html.escape(merge.status())).append("</span></h3>");
        Map<String, Object> rows = new LinkedHashMap<>();
        rows.put("run", merge.runId());
        rows.put("shards", merge.contributingShards().size() + " of " + merge.shardCount() + " contributed");
        rows.put("common start", merge.startAt() == null ? "none (shards started when ready)" : merge.startAt());
        Html.table(html, "merge", rows);
        shards(html, merge);
        overlap(html, merge.overlap());
        if (merge.steadyWindow() != null) {
            window(html, merge.steadyWindow());
        }
    }

    private static void overlap(StringBuilder html, MergeSummary.Overlap overlap) {
        if (overlap == null) {
            return;
        }
        html.append("<h3>Overlap: all shards replaying</h3><p class=\"overlap").append(overlap.synchronous() ? "" : " worse")
                .append("\">");
        if (overlap.windowMillis() == 0) {
            html.append("None: the contributing shards never all replayed at once");
        } else {
            html.append(Instant.ofEpochMilli(overlap.startEpochMillis())).append(" to ")
                    .append(Instant.ofEpochMilli(overlap.endEpochMillis())).append(" (")
                    .append(Html.duration(overlap.windowMillis())).append(")");
        }
        html.append(": <span class=\"share\">").append(Html.percent(overlap.share())).append("</span> of the median")
                .append(" shard's replay (").append(Html.duration(overlap.medianReplayMillis())).append(")")
                .append(overlap.synchronous() ? "" : ", below " + Html.percent(MergeSummary.Overlap.MIN_SHARE)
                        + ": unsynchronized, the shards' sum was never their load at once").append("</p>");
    }

    private static void shards(StringBuilder html, MergeSummary merge) {
        Map<Integer, MergeSummary.Shard> contributed = new TreeMap<>();
        merge.shards().forEach(shard -> contributed.put(shard.index(), shard));
        html.append("<table class=\"shards\"><tr><th>shard</th><th>status</th><th>ops/s</th><th>late for the start</th>")
                .append("<th>replay</th><th>straggler</th></tr>");
        for (int index = 0; index < merge.shardCount(); index++) {
            MergeSummary.Shard shard = contributed.get(index);
            html.append("<tr data-shard=\"").append(index).append("\"><td>").append(index).append("</td>");
            if (shard == null) {
                html.append("<td class=\"text worse\" colspan=\"5\">missing: ")
                        .append(Html.escape(merge.missingShards().getOrDefault(index, "no result"))).append("</td></tr>");
                continue;
            }
            html.append("<td class=\"text\">contributed").append(shard.gaps().isEmpty() ? ""
                    : " (" + Html.escape(MergeSummary.restarts(shard.gaps())) + ")")
                    .append(shard.restartsBeforeReplay().isEmpty() ? ""
                            : " (" + Html.escape(MergeSummary.restartsBeforeReplay(shard.restartsBeforeReplay())) + ")")
                    .append("</td><td class=\"ops\">").append(Html.number(shard.opsPerSecond()))
                    .append("</td><td class=\"lateness\">").append(Html.duration(shard.startLatenessMillis())).append("</td><td>")
                    .append(Html.duration(shard.replayMillis())).append("</td><td class=\"straggler")
                    .append(shard.straggler() ? " worse\">straggler: over " + MergeSummary.Shard.STRAGGLER_FACTOR
                            + " x the median replay" : "\">-").append("</td></tr>");
        }
        html.append("</table>");
    }

    private static void window(StringBuilder html, MergeSummary.SteadyWindow window) {
        html.append("<p class=\"merge\">Throughput in the overlap window (")
                .append(Instant.ofEpochMilli(window.startEpochMillis())).append(" to ")
                .append(Instant.ofEpochMilli(window.endEpochMillis()))
                .append("): the shards' operations completed in its whole periods over their length</p>")
                .append("<table class=\"window\"><tr><th>operation</th><th>ops/s</th><th>p50 ms</th><th>p99 ms</th></tr>");
        window.opsPerSecond().forEach((operation, opsPerSecond) -> {
            Map<String, Long> percentiles = window.percentileMicros().getOrDefault(operation, Map.of());
            html.append("<tr data-operation=\"").append(Html.escape(operation)).append("\"><td>").append(Html.escape(operation))
                    .append("</td><td>").append(Html.number(opsPerSecond)).append("</td><td>")
                    .append(percentiles.containsKey("50") ? Html.millis(percentiles.get("50")) : "-").append("</td><td>")
                    .append(percentiles.containsKey("99") ? Html.millis(percentiles.get("99")) : "-").append("</td></tr>");
        });
        html.append("</table>");
    }
}
