package dev.vaultload.parse;

import dev.vaultload.report.EndpointLog;
import dev.vaultload.report.HeadroomSection;
import dev.vaultload.report.HeadroomStep;
import dev.vaultload.report.RateSection;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunTrends;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.SoakHealth;
import dev.vaultload.storage.EndpointFigures;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One run's section of the report page: its heading and verdict, how a merge made it, configuration, operations,
 * a RATE run's schedule or a HEADROOM run's steps, the charts ({@link RunCharts}), errors, soak health and
 * environment: what a long run is judged by first, its lists of failures after.
 */
final class RunSection {
    private RunSection() {
    }

    /**
     * @param id       the section's anchor
     * @param heading  what tells this run from the others on the page
     * @param file     the JSON it came from, as the page names it
     * @param timeline the run's interval log; empty when there is none
     * @param trends   its trend over earlier runs, when a history is given
     */
    static void render(StringBuilder html, String id, String heading, String file, RunResult result,
                       Optional<PeriodTimeline> timeline, RunTrends trends) {
        html.append("<section class=\"run\" id=\"").append(id).append("\"><h2>").append(Html.escape(heading))
                .append(" <span class=\"verdict ").append(result.passed() ? "passed\">PASSED" : "failed\">FAILED")
                .append("</span>").append(ThresholdSection.badge(result)).append("</h2><p><code>").append(Html.escape(file)).append("</code></p>");
        if (result.timing().incomplete() != null) {
            html.append("<p class=\"incomplete\">incomplete: ").append(Html.escape(result.timing().incomplete()))
                    .append(" (recovered from its journal and interval log)</p>");
        }
        if (!result.timing().gaps().isEmpty()) {
            html.append("<p class=\"resumed\">resumed ").append(result.timing().gaps().size())
                    .append(result.timing().gaps().size() == 1 ? " time" : " times").append(" after its process died (")
                    .append(Html.escape(result.timing().gaps().stream().map(gap -> Instant.ofEpochMilli(gap.endedAtEpochMillis())
                            + " for " + Html.duration(gap.millis())).collect(Collectors.joining(", "))))
                    .append("): the figures cover every life, throughput leaves the gaps out</p>");
        }
        if (result.health() != null && result.health().failure() != null) {
            html.append("<p>").append(Html.escape(result.health().failure())).append("</p>");
        }
        if (result.merge() != null) {
            MergeSection.render(html, result.merge());
        }
        Html.keyValues(html, "Configuration", "configuration", configuration(result));
        ThresholdSection.render(html, result);
        operations(html, "Operations" + (result.rate() != null ? ", latency from the intended start"
                : result.headroom() != null ? " at the knee step" : ""), "operations", result.operations());
        TimeSplitSection.render(html, result);
        StoreTrafficSection.render(html, result);
        CeilingSection.render(html, result);
        if (result.rate() != null) {
            rate(html, result.rate());
        }
        if (result.headroom() != null) {
            headroom(html, result.headroom());
        }
        endpoints(html, EndpointLog.figures(result.storageDetails()));
        html.append(trends.html(result));
        RunCharts charts = new RunCharts(result);
        timeline.ifPresent(periods -> charts.overTime(html, periods));
        charts.distribution(html);
        FailureSection.render(html, result);
        health(html, result.health(), charts);
        Html.keyValues(html, "Environment", "environment", CeilingSection.withoutCeiling(fields(result.environment())));
        html.append("</section>");
    }

    private static Map<String, Object> configuration(RunResult result) {
        Map<String, Object> rows = new LinkedHashMap<>();
        rows.put("suite", result.setup().suite());
        rows.put("storage", result.setup().storage() + " (" + result.setup().storageDescription() + ")");
        rows.put("engine", result.engineDescription().engine());
        rows.put("cipher", result.engineDescription().cipher());
        rows.put("key pair", result.engineDescription().keyPairAlgorithm());
        rows.put("KDF iterations", result.engineDescription().kdfIterations());
        rows.put("key manager (KMS)", Objects.toString(result.engineDescription().keyManager(), "none"));
        rows.put("threads", result.setup().threads());
        rows.put("worker nice (WORKER_NICE)", result.setup().workerNice());
        rows.put("file size", result.setup().fileSizeKib() + " KiB");
        rows.put("fixture", result.setup().fixture() + (result.setup().fixtureOperations() == 0 ? ""
                : " (" + result.setup().fixtureOperations() + " operations)"));
        rows.put("error mode", result.setup().errorMode());
        rows.put("duration", result.setup().requestedDurationMillis() == 0 ? "one pass"
                : Html.duration(result.setup().requestedDurationMillis()));
        rows.put("warm-up (left out by compare)", Html.seconds(result.setup().warmupMillis()));
        rows.put("started", result.timing().startedAt());
        rows.put("wall clock", Html.duration(result.timing().wallClockMillis()));
        rows.put("passes", result.timing().passes());
        if (result.shard() != null) {
            rows.put("shard", result.shard().index() + " of " + result.shard().count() + " (run " + result.shard().runId()
                    + ", START_AT " + Optional.ofNullable(result.shard().startAt()).orElse("none") + ")");
        }
        return rows;
    }

    static void operations(StringBuilder html, String title, String cssClass, List<OperationStatistics> operations) {
        html.append("<h3>").append(Html.escape(title)).append("</h3><table class=\"").append(cssClass)
                .append("\"><tr><th>operation</th><th>count</th>")
                // three rates are printed about one run; each says which it is (the log's AvgTPS counts every type)
                .append("<th title=\"operations of this type per second of the passes' wall clock, warm-up"
                        + " included\">ops/s, wall clock</th>")
                .append("<th>MiB/s</th><th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>max ms</th><th>errors</th></tr>");
        for (OperationStatistics operation : operations) {
            html.append("<tr data-operation=\"").append(operation.type()).append("\"><td>").append(operation.type())
                    .append("</td><td class=\"count\">").append(operation.count()).append("</td><td>")
                    .append(Html.number(operation.opsPerSecond())).append("</td><td>")
                    .append(Html.number(operation.mebibytesPerSecond())).append("</td>");
            for (String percentile : List.of("50", "90", "99", "99.9")) {
                Long micros = operation.percentileMicros().get(percentile);
                html.append("<td class=\"p").append(percentile.replace('.', '_')).append("\">")
                        .append(micros == null ? "-" : Html.millis(micros)).append("</td>");
            }
            html.append("<td>").append(Html.millis(operation.maxMicros())).append("</td><td>").append(operation.errorCount())
                    .append("</td></tr>");
        }
        html.append("</table>");
    }

    /** A RATE or TRACE run's schedule (TRACE: its lateness), and its operations again measured from their actual start. */
    private static void rate(StringBuilder html, RateSection rate) {
        Map<String, Object> rows = new LinkedHashMap<>();
        if (rate.trace() != null) {
            rows.put("trace", rate.trace().scheduledOperations() + " operations over "
                    + Html.number(rate.trace().traceMillis() / 1000.0) + " s at speed " + Html.number(rate.trace().speed())
                    + ", after a warm-up of its first " + rate.trace().warmupOperations() + ", unrecorded");
            rate.trace().latenessPercentileMicros().forEach((percentile, micros) ->
                    rows.put("lateness " + percentile, Html.millis(micros) + " ms"));
            rows.put("lateness max", Html.millis(rate.trace().maxLatenessMicros()) + " ms");
            rows.put("GC pauses during the schedule", rate.trace().gcPauseMillis() + " ms");
        }
        rows.put("target", Html.number(rate.targetOpsPerSecond()) + " ops/s");
        rows.put("achieved", Html.number(rate.achievedOpsPerSecond()) + " ops/s");
        rows.put("error budget", rate.errorBudget() + (rate.withinErrorBudget() ? " (kept)" : " (exceeded)"));
        Html.keyValues(html, "Rate", "rate", rows);
        operations(html, "Service time, latency from the actual start", "uncorrected", rate.uncorrected());
    }

    /** A HEADROOM run's steps; the plot is the PNG beside the result. */
    private static void headroom(StringBuilder html, HeadroomSection headroom) {
        html.append("<h3>Headroom steps</h3><p>stopped: ").append(headroom.stopReason()).append("</p>")
                .append("<table class=\"headroom\"><tr><th>threads</th><th>operations</th><th>errors</th><th>ops/s</th>")
                .append("<th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>CPU us/op</th><th>knee</th></tr>");
        for (HeadroomStep step : headroom.steps()) {
            html.append("<tr><td>").append(step.threads()).append("</td><td>").append(step.operations()).append("</td><td>")
                    .append(step.errors()).append("</td><td>").append(Html.number(step.opsPerSecond())).append("</td><td>")
                    .append(Html.millis(step.p50Micros())).append("</td><td>").append(Html.millis(step.p90Micros()))
                    .append("</td><td>").append(Html.millis(step.p99Micros())).append("</td><td>")
                    .append(Html.number(step.cpuMicrosPerOperation())).append("</td><td>")
                    .append(step.equals(headroom.knee()) ? "knee" : "").append("</td></tr>");
        }
        html.append("</table>");
    }

    /** The store's endpoints and the requests each answered, where the provider counted them (S3). */
    private static void endpoints(StringBuilder html, List<EndpointFigures> endpoints) {
        if (endpoints.isEmpty()) {
            return;
        }
        html.append("<h3>Endpoints</h3><table class=\"endpoints\"><tr><th>endpoint</th><th>weight</th><th>requests</th>")
                .append("<th>failed</th><th>p50 ms</th><th>p99 ms</th><th>max ms</th></tr>");
        for (EndpointFigures endpoint : endpoints) {
            html.append("<tr><td class=\"text\">").append(Html.escape(endpoint.endpoint())).append("</td><td>")
                    .append(endpoint.weight()).append("</td><td class=\"count\">").append(endpoint.requests()).append("</td><td>")
                    .append(endpoint.failedRequests()).append("</td><td>").append(Html.number(endpoint.p50Millis()))
                    .append("</td><td>").append(Html.number(endpoint.p99Millis())).append("</td><td>")
                    .append(Html.number(endpoint.maxMillis())).append("</td></tr>");
        }
        html.append("</table>");
    }

    private static void health(StringBuilder html, SoakHealth health, RunCharts charts) {
        if (health == null) {
            return;
        }
        Map<String, Object> rows = new LinkedHashMap<>();
        rows.put("heap start / end", Html.mebibytes(health.heapStartBytes()) + " / " + Html.mebibytes(health.heapEndBytes()));
        rows.put("RSS first / last quarter", health.rssGrowthPercent() == null ? "unknown"
                : Html.mebibytes(health.firstQuarterRssBytes()) + " / " + Html.mebibytes(health.lastQuarterRssBytes())
                + String.format(Locale.ROOT, " (%+.1f%%)", health.rssGrowthPercent()));
        rows.put("most live threads", health.maxLiveThreads());
        rows.put("GC", health.gcCount() + " collections, " + health.gcPauseMillis() + " ms paused");
        Html.keyValues(html, "Soak health", "health", rows);
        if (health.samples() != null && health.samples().size() >= 2) {
            charts.memory(html, health);
        }
    }

    private static Map<String, Object> fields(Object record) {
        if (record == null) {
            return Map.of();
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = JsonResultReader.MAPPER.convertValue(record, Map.class);
        return fields;
    }
}
