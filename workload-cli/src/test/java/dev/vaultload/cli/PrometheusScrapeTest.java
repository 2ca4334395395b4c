package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live metrics of a real run as Prometheus stores them: Debian 12's Prometheus 2.42, two servers side by side
 * with the documented configuration for 2.40 to 2.48, one with native histograms and one without, scraping every
 * second ({@code scripts/start-prometheus.sh}: PROMETHEUS_URL, PROMETHEUS_CLASSIC_URL, PROMETHEUS_TARGET_PORT). A short
 * FIXTURE run on MEMORY serves its metrics on the target port; then both servers' data must agree with the run's
 * JSON report: counts exactly, p50 and p99 from {@code rate} and {@code increase} over the whole run within the
 * resolution of the histogram's buckets, the native histogram in one schema throughout (a change is a counter reset
 * to Prometheus), its count in every 4 s window the counter's, and each server's last scrape read the final
 * figures ({@code vaultload_run_finished} 1). Skipped without the servers, unless
 * VAULTLOAD_REQUIRE_PROMETHEUS=true (CI), where their absence fails.
 */
class PrometheusScrapeTest {
    /** The report's percentile labels and the quantiles Prometheus is asked for. */
    private static final Map<String, Double> PERCENTILES = Map.of("50", 0.5, "99", 0.99);
    /** Schema 3: native bucket bounds 2^(1/8) apart. */
    private static final double NATIVE_BUCKET_RATIO = Math.pow(2, 1.0 / 8);
    /** HdrHistogram's 3 significant digits: the report's value and the value observed differ by up to 0.1% each. */
    private static final double RECORDING_RESOLUTION = 1.002;
    private static final Duration SHORT_WINDOW = Duration.ofSeconds(4);
    /** Prometheus extrapolates a rate's window by the gap to its edge if that is under 1.1 average sample intervals. */
    private static final double MAX_EXTRAPOLATION_INTERVALS = 1.1;
    private static final String RUN_SERIES = "job=\"vaultload\", storage=\"MEMORY\"";

    private static PrometheusServer nativeServer;
    private static PrometheusServer classicServer;
    private static Instant runStart;
    private static Instant lastScrape;
    private static Instant lastClassicScrape;
    private static String wholeRun;
    private static Map<String, JsonNode> reported;

    @BeforeAll
    static void runWhileBothServersScrape(@TempDir Path reports) throws IOException {
        nativeServer = server("PROMETHEUS_URL");
        classicServer = server("PROMETHEUS_CLASSIC_URL");
        String targetPort = System.getenv("PROMETHEUS_TARGET_PORT");
        if (targetPort == null) {
            skipOrFail("PROMETHEUS_TARGET_PORT is not set");
        }
        for (PrometheusServer server : List.of(nativeServer, classicServer)) {
            assertTrue(server.activeTargets().stream().anyMatch(target -> target.path("scrapeUrl").asText()
                    .equals("http://127.0.0.1:" + targetPort + "/metrics") && target.path("labels").path("job").asText()
                    .equals("vaultload")), () -> server.url() + " does not scrape the vaultload job on port " + targetPort);
        }

        runStart = Instant.now();
        InProcessCli.Outcome outcome = InProcessCli.execute(StorageProviders::named, List.of("run",
                "--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "2", "--FILE_SIZES", "1", "--KDF_ITERATIONS", "1000",
                // periods longer than the scrape interval: a scrape reads every series at 0 before the first period
                // lands, the baseline that lets increase() count it; the linger outlasts a few scrapes
                "--DURATION", "15s", "--PERIOD", "3s", "--METRICS_PORT", targetPort, "--METRICS_LINGER", "4s",
                "--REPORT_DIR", reports.toString()));
        assertEquals(0, outcome.exitCode(), outcome.err());

        reported = operations(reports);
        Instant end = Instant.now();
        wholeRun = "[" + (Duration.between(runStart, end).toSeconds() + 2) + "s]";
        lastScrape = lastScrapeOf(nativeServer, end);
        lastClassicScrape = lastScrapeOf(classicServer, end);
    }

    /** The time of the server's last scrape of the run, which must have read the final figures. */
    private static Instant lastScrapeOf(PrometheusServer server, Instant end) {
        JsonNode finished = only(server.instant("vaultload_run_finished{job=\"vaultload\"}" + wholeRun, end)).get("values");
        JsonNode last = finished.get(finished.size() - 1);
        assertEquals("1", last.get(1).asText(), () -> server.url() + ": the last scrape read vaultload_run_finished 0");
        return instant(last.get(0));
    }

    @Test
    void theClassicServerCountsWhatTheReportCounts() {
        assertAll(reported.keySet().stream().map(operation -> () -> {
            JsonNode counts = only(classicServer.instant("vaultload_latency_seconds_count{" + series(operation) + "}"
                    + wholeRun, lastClassicScrape)).get("values");
            assertEquals(reported.get(operation).get("count").asLong(), counts.get(counts.size() - 1).get(1).asLong(),
                    operation);
        }));
    }

    @Test
    void theNativeHistogramKeepsOneSchemaAndCountsWhatTheReportCounts() {
        assertAll(reported.keySet().stream().map(operation -> () -> {
            JsonNode samples = only(nativeServer.instant("vaultload_latency_seconds{" + series(operation) + "}" + wholeRun,
                    lastScrape)).get("histograms");
            long previousCount = 0;
            for (JsonNode sample : samples) {
                JsonNode histogram = sample.get(1);
                long count = histogram.get("count").asLong();
                assertTrue(count >= previousCount, () -> operation + ": the count fell to " + count + ", a reset");
                previousCount = count;
                for (JsonNode bucket : histogram.path("buckets")) {
                    double lower = bucket.get(1).asDouble();
                    double upper = bucket.get(2).asDouble();
                    if (lower > 0) { // the zero bucket aside, every bucket is one of schema 3
                        assertEquals(NATIVE_BUCKET_RATIO, upper / lower, 1e-9, () -> operation + ": bucket " + bucket);
                    }
                }
            }
            assertEquals(reported.get(operation).get("count").asLong(), previousCount, operation);
        }));
    }

    /**
     * A reset misread (a schema change) would show here as the rate of the whole histogram. Prometheus extrapolates a
     * counter's increase towards a window's start no further than to where the counter would be zero, and 2.42 a
     * histogram's to the window's start (at most 1.1 average sample intervals): the two differ where that zero lies
     * closer, that is where a window's first sample is small against its increase (the windows at a series' start).
     * Everywhere else they must be equal.
     */
    @Test
    void inEveryShortWindowTheHistogramCountsWhatTheCounterCounts() {
        assertAll(reported.keySet().stream().map(operation -> () -> {
            JsonNode counterSamples = only(nativeServer.instant("vaultload_operations_total{" + series(operation) + "}"
                    + wholeRun, lastScrape)).get("values");
            // steps half a second off the scrapes, so that no sample lies on a window's edge
            Instant from = instant(counterSamples.get(0).get(0)).plus(SHORT_WINDOW).plusMillis(500);
            String window = "[" + SHORT_WINDOW.toSeconds() + "s]";
            JsonNode histogramRates = only(nativeServer.range("histogram_count(rate(vaultload_latency_seconds{"
                    + series(operation) + "}" + window + "))", from, lastScrape, Duration.ofSeconds(1))).get("values");
            JsonNode counterRates = only(nativeServer.range("rate(vaultload_operations_total{" + series(operation) + "}"
                    + window + ")", from, lastScrape, Duration.ofSeconds(1))).get("values");
            assertEquals(counterRates.size(), histogramRates.size(), operation);
            int compared = 0;
            for (int i = 0; i < counterRates.size(); i++) {
                Instant end = instant(counterRates.get(i).get(0));
                List<Double> inWindow = new ArrayList<>();
                for (JsonNode sample : counterSamples) {
                    Instant at = instant(sample.get(0));
                    if (!at.isBefore(end.minus(SHORT_WINDOW)) && !at.isAfter(end)) {
                        inWindow.add(sample.get(1).asDouble());
                    }
                }
                double first = inWindow.getFirst();
                double increase = inWindow.getLast() - first;
                double sampleIntervals = inWindow.size() - 1;
                // the counter's zero lies sampleIntervals * first / increase sample intervals back
                if (sampleIntervals > 0 && first * sampleIntervals >= MAX_EXTRAPOLATION_INTERVALS * increase) {
                    double counter = counterRates.get(i).get(1).asDouble();
                    assertEquals(counter, histogramRates.get(i).get(1).asDouble(), 1e-9 * Math.max(1, counter),
                            operation + " at " + end);
                    compared++;
                }
            }
            assertTrue(compared >= 8, operation + ": " + compared + " windows compared");
        }));
    }

    @Test
    void quantilesOverTheWholeRunAgreeWithTheReport() {
        List<Executable> checks = new ArrayList<>();
        StringBuilder ratios = new StringBuilder("operation, percentile, the report's µs; ratios to it: native increase,"
                + " native rate, classic increase, classic rate\n");
        for (String operation : reported.keySet()) {
            for (Map.Entry<String, Double> percentile : PERCENTILES.entrySet()) {
                double reportSeconds = reported.get(operation).get("percentileMicros").get(percentile.getKey()).asDouble() / 1e6;
                ratios.append(String.format(Locale.ROOT, "%s p%s %.0f", operation, percentile.getKey(), reportSeconds * 1e6));
                for (String function : List.of("increase", "rate")) {
                    double seconds = scalar(nativeServer, lastScrape, "histogram_quantile(" + percentile.getValue() + ", "
                            + function + "(vaultload_latency_seconds{" + series(operation) + "}" + wholeRun + "))");
                    ratios.append(String.format(Locale.ROOT, " %.3f", seconds / reportSeconds));
                    String label = operation + " p" + percentile.getKey() + " native " + function + ": " + seconds + " s";
                    checks.add(() -> assertWithinOneNativeBucket(reportSeconds, seconds, label));
                }
                for (String function : List.of("increase", "rate")) {
                    double seconds = scalar(classicServer, lastClassicScrape, "histogram_quantile(" + percentile.getValue()
                            + ", sum by (le) (" + function + "(vaultload_latency_seconds_bucket{" + series(operation) + "}"
                            + wholeRun + ")))");
                    ratios.append(String.format(Locale.ROOT, " %.3f", seconds / reportSeconds));
                    String label = operation + " p" + percentile.getKey() + " classic " + function + ": " + seconds + " s";
                    checks.add(() -> assertInTheOneTwoFiveBucket(reportSeconds, seconds, label));
                }
                ratios.append('\n');
            }
        }
        System.out.print(ratios); // the figures docs/measurements/ records
        assertAll(checks);
    }

    /**
     * The dashboard's queries on the run: a native-histogram query returns data on the native server only, a
     * classic one on the classic server only, and every other query on both, so that the panel naming the kind a
     * server holds tells the truth and no panel stays empty.
     */
    @Test
    void everyDashboardQueryReturnsDataOnTheServerThatHoldsItsKind() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(Path.of("..", "deploy", "grafana", "vaultload.json").toFile());
        List<Executable> checks = new ArrayList<>();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                String legend = target.path("legendFormat").asText();
                String promql = target.get("expr").asText().replaceAll("\\$(storage|engine|instance)", ".*")
                        .replace("[$__rate_interval]", wholeRun);
                boolean onNative = !legend.contains("classic");
                boolean onClassic = !legend.contains("native");
                String label = panel.get("title").asText() + " / " + legend + ": " + promql;
                checks.add(() -> assertEquals(onNative, !nativeServer.instant(promql, lastScrape).isEmpty(),
                        "native server, " + label));
                checks.add(() -> assertEquals(onClassic, !classicServer.instant(promql, lastClassicScrape).isEmpty(),
                        "classic server, " + label));
            }
        }
        assertTrue(checks.size() >= 20, checks.size() + " checks");
        assertAll(checks);
    }

    private static void assertWithinOneNativeBucket(double reportSeconds, double seconds, String label) {
        double ratio = seconds / reportSeconds;
        double tolerance = NATIVE_BUCKET_RATIO * RECORDING_RESOLUTION;
        assertTrue(ratio >= 1 / tolerance && ratio <= tolerance, label + ", the report " + reportSeconds + " s");
    }

    /** The 1-2-5 bucket that holds the report's value holds the estimate. */
    private static void assertInTheOneTwoFiveBucket(double reportSeconds, double seconds, String label) {
        double upper = 1e-6;
        while (upper < reportSeconds / RECORDING_RESOLUTION) {
            upper = nextOneTwoFive(upper);
        }
        double lower = upper == 1e-6 ? 0 : previousOneTwoFive(upper);
        assertTrue(seconds >= lower / RECORDING_RESOLUTION && seconds <= upper * RECORDING_RESOLUTION,
                label + ", the report " + reportSeconds + " s, in (" + lower + ", " + upper + "]");
    }

    private static double nextOneTwoFive(double bound) {
        double decade = Math.pow(10, Math.floor(Math.log10(bound) + 1e-9));
        double mantissa = Math.round(bound / decade);
        return mantissa == 1 ? 2 * decade : mantissa == 2 ? 5 * decade : 10 * decade;
    }

    private static double previousOneTwoFive(double bound) {
        double decade = Math.pow(10, Math.floor(Math.log10(bound) + 1e-9));
        double mantissa = Math.round(bound / decade);
        return mantissa == 1 ? decade / 2 : mantissa == 2 ? decade : 2 * decade;
    }

    private static Instant instant(JsonNode epochSeconds) {
        return Instant.ofEpochMilli(Math.round(epochSeconds.asDouble() * 1000));
    }

    private static double scalar(PrometheusServer server, Instant at, String promql) {
        return only(server.instant(promql, at)).get("value").get(1).asDouble();
    }

    private static String series(String operation) {
        return RUN_SERIES + ", operation=\"" + operation + "\"";
    }

    private static JsonNode only(List<JsonNode> results) {
        assertEquals(1, results.size(), () -> "series: " + results);
        return results.getFirst();
    }

    /** The report's operations by type, from the run's one JSON report. */
    private static Map<String, JsonNode> operations(Path reports) throws IOException {
        List<Path> json;
        try (Stream<Path> files = Files.list(reports)) {
            json = files.filter(file -> file.getFileName().toString().endsWith(".json")).toList();
        }
        assertEquals(1, json.size(), json::toString);
        Map<String, JsonNode> operations = new LinkedHashMap<>();
        for (JsonNode operation : new ObjectMapper().readTree(json.getFirst().toFile()).get("operations")) {
            operations.put(operation.get("type").asText(), operation);
        }
        assertFalse(operations.isEmpty());
        return operations;
    }

    /** The server the variable names; a skip without it, or a failure where CI requires it. */
    private static PrometheusServer server(String variable) {
        String url = System.getenv(variable);
        Optional<PrometheusServer> server = url == null ? Optional.empty() : PrometheusServer.at(url);
        if (server.isEmpty()) {
            skipOrFail(variable + (url == null ? " is not set" : "=" + url + " does not answer"));
        }
        return server.orElseThrow();
    }

    private static void skipOrFail(String why) {
        String what = why + ": start the servers with scripts/start-prometheus.sh";
        if (Boolean.parseBoolean(System.getenv("VAULTLOAD_REQUIRE_PROMETHEUS"))) {
            fail(what + " (VAULTLOAD_REQUIRE_PROMETHEUS=true)");
        }
        Assumptions.abort(what);
    }
}
