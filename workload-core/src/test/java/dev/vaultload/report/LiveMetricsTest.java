package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.ResumableJournals;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.scaleout.ShardStart;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.Interval;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.KeyManagerTally;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.StoreRequest;
import dev.vaultload.storage.InjectedLatency;
import dev.vaultload.storage.LatencyInjectingBlobStore;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live endpoint on a real run (SMALL fixture on MEMORY with 1 ms injected per store call, the plaintext
 * engine, 2 threads, 2 s of passes, 100 ms periods): scraped while the run goes on, it already shows the run;
 * scraped after the run, its counts are the JSON report's, read with a strict parser of the exposition format.
 */
class LiveMetricsTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void aScrapeMidRunShowsTheRunAndTheLastAgreesWithTheReport(@TempDir Path reports) throws Exception {
        try (LiveMetrics metrics = new LiveMetrics(0, Duration.ZERO)) {
            CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> run(metrics, reports));

            Exposition midRun = null;
            while (!run.isDone() && midRun == null) {
                Exposition scraped = scrape(metrics.port());
                if (scraped.sum("vaultload_operations_total", Map.of("operation", "READ")) > 0 && !run.isDone()) {
                    midRun = scraped;
                }
                Thread.sleep(50);
            }
            RunResult result = run.get();
            Exposition last = scrape(metrics.port());

            assertNotNull(midRun, "no scrape during the run showed a READ");
            assertTrue(midRun.has("vaultload_heap_used_bytes"));
            for (OperationStatistics operation : result.operations()) {
                Map<String, String> labels = Map.of("operation", operation.type().name(), "storage", "MEMORY",
                        "engine", PlaintextEngine.NAME, "threads", "2", "file_size_kib", "1");
                assertEquals(operation.count(), last.sum("vaultload_operations_total", labels), operation.type()::name);
                assertEquals(operation.count(), last.sum("vaultload_latency_seconds_count", labels), operation.type()::name);
            }
            long writes = result.operations().stream().filter(o -> o.type() == OperationType.WRITE)
                    .mapToLong(OperationStatistics::count).sum();
            assertEquals(writes * 1024, last.sum("vaultload_payload_bytes_total", Map.of("operation", "WRITE")));
            assertEquals(result.errorCount(), last.sum("vaultload_errors_total", Map.of()));
            assertEquals(result.timing().passes(), last.sum("vaultload_pass", Map.of()));
            assertEveryDashboardSeriesIsServed(last);
            assertTheDocumentedSeriesAreTheServedOnes(last);
        }
    }

    /** docs/observability.md's table names exactly the series served, and every error class the endpoint counts. */
    private static void assertTheDocumentedSeriesAreTheServedOnes(Exposition scrape) throws IOException {
        List<String> rows = Files.readAllLines(Path.of("..", "docs", "observability.md")).stream()
                .filter(line -> line.startsWith("| `vaultload_")).toList();
        Set<String> documented = new TreeSet<>();
        for (String row : rows) {
            Matcher name = Pattern.compile("`(vaultload_[a-z_]+)`").matcher(row.substring(0, row.indexOf(" | ")));
            while (name.find()) {
                documented.add(name.group(1));
            }
        }
        assertEquals(new TreeSet<>(scrape.families()), documented);
        String errorClasses = Arrays.stream(ErrorClass.values()).map(Enum::name).collect(Collectors.joining(", "));
        assertTrue(rows.stream().anyMatch(row -> row.startsWith("| `vaultload_errors_total`") && row.contains("(" + errorClasses + ")")),
                () -> "the errors row does not list (" + errorClasses + ")");
        assertEquals(Arrays.stream(ErrorClass.values()).map(Enum::name).collect(Collectors.toSet()),
                scrape.labelValues("vaultload_errors_total", "error_class"));
    }

    /**
     * deploy/grafana/vaultload.json must query only series the endpoint serves, or its panels stay empty, and every
     * panel must name its unit.
     */
    private static void assertEveryDashboardSeriesIsServed(Exposition scrape) throws IOException {
        String dashboard = Files.readString(Path.of("..", "deploy", "grafana", "vaultload.json"));
        Matcher series = Pattern.compile("vaultload_[a-z_]+").matcher(dashboard);
        int queried = 0;
        while (series.find()) {
            // a native histogram is queried by its bare name, which the text format serves as _count, _sum, _bucket
            String name = series.group();
            assertTrue(scrape.has(name) || scrape.has(name + "_count"), () -> "the dashboard queries " + name);
            queried++;
        }
        assertTrue(queried >= 8, "dashboard queries " + queried + " series");
        for (JsonNode panel : new ObjectMapper().readTree(dashboard).get("panels")) {
            String unit = panel.path("fieldConfig").path("defaults").path("unit").asText("");
            assertTrue(!unit.isEmpty() && !unit.equals("none"), () -> "no unit on the panel " + panel.get("title"));
        }
    }

    @Test
    void aPortInUseIsBadInputNamingTheSetting() {
        try (LiveMetrics first = new LiveMetrics(0, Duration.ZERO)) {
            IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
                    () -> new LiveMetrics(first.port(), Duration.ZERO));
            assertTrue(failure.getMessage().startsWith("Invalid METRICS_PORT='" + first.port() + "': cannot serve metrics"),
                    failure::getMessage);
        }
    }

    @Test
    void afterARunEveryScrapeForTheWholeLingerReadsTheFinalFigures() throws Exception {
        Duration linger = Duration.ofSeconds(3);
        LiveMetrics metrics = new LiveMetrics(0, linger);
        metrics.listener("MEMORY", PlaintextEngine.NAME, 1, 1, () -> 0);
        long closingNanos = System.nanoTime();
        CompletableFuture<Void> closed = CompletableFuture.runAsync(metrics::close);

        Exposition first = scrape(metrics.port());
        while (first.sum("vaultload_run_finished", Map.of()) == 0) {
            first = scrape(metrics.port());
        }
        // a second server, scraping later than the first: half way through the linger
        Thread.sleep(Math.max(0, Duration.ofNanos(closingNanos + linger.toNanos() / 2 - System.nanoTime()).toMillis()));
        Exposition second = scrape(metrics.port());
        closed.get();

        assertEquals(1.0, second.sum("vaultload_run_finished", Map.of()));
        assertTrue(System.nanoTime() - closingNanos >= linger.toNanos(), "served the whole linger");
    }

    @Test
    void withoutARunClosingStopsAtOnce() {
        long startNanos = System.nanoTime();
        new LiveMetrics(0, Duration.ofSeconds(30)).close();
        assertTrue(System.nanoTime() - startNanos < Duration.ofSeconds(5).toNanos(), "lingered with nothing to serve");
    }

    private static RunResult run(LiveMetrics metrics, Path reports) {
        RunConfig config = new RunConfig(List.of("MEMORY"), List.of(PlaintextEngine.NAME), List.of(2), List.of(1),
                new RunConfig.FixtureSource.Committed(FixtureSize.SMALL), CipherSuite.NONE, 1000,
                Optional.of(Duration.ofSeconds(2)), ErrorMode.FAIL_FAST, Duration.ofMillis(100), Duration.ZERO,
                OptionalDouble.empty(), 1, reports);
        Fixture fixture = new FixtureLoader().loadResource("fixtures/fixture-small.json");
        return new WorkloadRunner(config, "LiveMetricsTest", new ContentGenerator(), combination -> List.of(),
                Optional.of(metrics), ShardPlan.SINGLE, ShardStart.AT_ONCE, ResumableJournals.NONE).run(new Combination("MEMORY", 2, 1), fixture, "SMALL",
                new LatencyInjectingBlobStore(new InMemoryBlobStore("metrics"), new InjectedLatency.Fixed(Duration.ofMillis(1))),
                PlaintextEngine::new, users -> Map.of());
    }

    @Test
    void aCombinationsThresholdVerdictsAreServedWithTheirMeasuredValues() throws Exception {
        RunResult judged = Thresholds.parse("test", List.of("READ p50 < 11ms", "WRITE ops/s > 200"))
                .judge(ThresholdTest.result());
        try (LiveMetrics metrics = new LiveMetrics(0, Duration.ZERO)) {
            metrics.judged(judged);
            Exposition scraped = scrape(metrics.port());

            Map<String, String> read = Map.of("threshold", "READ p50 < 11ms", "storage", "MEMORY", "threads", "2");
            assertEquals(1, scraped.sum("vaultload_threshold_passed", read));
            assertEquals(10.0, scraped.sum("vaultload_threshold_measured", read), 0.05);
            assertEquals(0, scraped.sum("vaultload_threshold_passed", Map.of("threshold", "WRITE ops/s > 200")));
            assertEquals(150, scraped.sum("vaultload_threshold_measured", Map.of("threshold", "WRITE ops/s > 200")), 1e-9);
        }
    }

    /** The periods carry each type's key-manager calls and wait since the start; the counters add what each period added. */
    @Test
    void keyManagerCallsAndWaitAreCountedPerOperationType() throws Exception {
        try (LiveMetrics metrics = new LiveMetrics(0, Duration.ZERO)) {
            IntervalListener combination = metrics.listener("MINIO", "VAULTLOAD", 2, 1, () -> 1);
            combination.onInterval(new Interval(0, 0, 1_000, Map.of(), 4, 4, Map.of(), 1_000, false,
                    Map.of(OperationType.WRITE, new KeyManagerTally(3, 1_500_000)), Map.of()));
            combination.onInterval(new Interval(1, 1_000, 2_000, Map.of(), 9, 9, Map.of(), 2_000, true,
                    Map.of(OperationType.WRITE, new KeyManagerTally(5, 2_500_000), OperationType.READ, new KeyManagerTally(4, 500_000)),
                    Map.of()));
            Exposition scraped = scrape(metrics.port());

            assertEquals(5, scraped.sum("vaultload_kms_calls_total", Map.of("operation", "WRITE", "engine", "VAULTLOAD")));
            assertEquals(2.5, scraped.sum("vaultload_kms_wait_seconds_total", Map.of("operation", "WRITE")), 1e-9);
            assertEquals(4, scraped.sum("vaultload_kms_calls_total", Map.of("operation", "READ")));
            assertEquals(0, scraped.sum("vaultload_kms_calls_total", Map.of("operation", "SHARE")), "served at 0 from the start");
        }
    }

    /** The periods carry each type's store requests by kind since the start; the counter adds what each period added. */
    @Test
    void storeRequestsAreCountedPerOperationTypeAndKind() throws Exception {
        try (LiveMetrics metrics = new LiveMetrics(0, Duration.ZERO)) {
            IntervalListener combination = metrics.listener("MINIO", "VAULTLOAD", 2, 1, () -> 1);
            combination.onInterval(new Interval(0, 0, 1_000, Map.of(), 4, 4, Map.of(), 1_000, false, Map.of(),
                    Map.of(OperationType.WRITE, Map.of(StoreRequest.PUT, 3L))));
            combination.onInterval(new Interval(1, 1_000, 2_000, Map.of(), 9, 9, Map.of(), 2_000, true, Map.of(),
                    Map.of(OperationType.WRITE, Map.of(StoreRequest.PUT, 7L), OperationType.SHARE,
                            Map.of(StoreRequest.PUT, 2L, StoreRequest.COPY, 5L))));
            Exposition scraped = scrape(metrics.port());

            assertEquals(7, scraped.sum("vaultload_store_requests_total", Map.of("operation", "WRITE", "kind", "PUT")));
            assertEquals(5, scraped.sum("vaultload_store_requests_total", Map.of("operation", "SHARE", "kind", "COPY")));
            assertEquals(14, scraped.sum("vaultload_store_requests_total", Map.of("engine", "VAULTLOAD")));
        }
    }

    private static Exposition scrape(int port) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/metrics"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        return new Exposition(response.body());
    }
}
