package dev.vaultload.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A running Prometheus server's HTTP API (v1), as the test needs it: instant and range queries whose results come
 * back as JSON, and the scrape targets. Times are sent as seconds since the epoch with milliseconds.
 *
 * @param url e.g. {@code http://127.0.0.1:9090}
 */
record PrometheusServer(URI url) {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The server at {@code url}, when it answers /-/ready. */
    static Optional<PrometheusServer> at(String url) {
        PrometheusServer server = new PrometheusServer(URI.create(url));
        try {
            HttpResponse<Void> ready = HTTP.send(HttpRequest.newBuilder(server.url.resolve("/-/ready")).build(),
                    HttpResponse.BodyHandlers.discarding());
            return ready.statusCode() == 200 ? Optional.of(server) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The {@code result} of {@code promql} evaluated at {@code at}: a vector or a matrix, one element per series. */
    List<JsonNode> instant(String promql, Instant at) {
        return results(get("/api/v1/query?query=" + encoded(promql) + "&time=" + seconds(at)));
    }

    /** The {@code result} of {@code promql} evaluated every {@code step} from {@code start} to {@code end}. */
    List<JsonNode> range(String promql, Instant start, Instant end, Duration step) {
        return results(get("/api/v1/query_range?query=" + encoded(promql) + "&start=" + seconds(start) + "&end="
                + seconds(end) + "&step=" + step.toMillis() / 1000.0));
    }

    /** The active scrape targets. */
    List<JsonNode> activeTargets() {
        List<JsonNode> targets = new ArrayList<>();
        get("/api/v1/targets?state=active").path("data").path("activeTargets").forEach(targets::add);
        return targets;
    }

    private static List<JsonNode> results(JsonNode answer) {
        List<JsonNode> results = new ArrayList<>();
        answer.path("data").path("result").forEach(results::add);
        return results;
    }

    private JsonNode get(String pathAndQuery) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(url.resolve(pathAndQuery))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            JsonNode answer = JSON.readTree(response.body());
            if (response.statusCode() != 200 || !"success".equals(answer.path("status").asText())) {
                throw new IllegalStateException(url + pathAndQuery + ": HTTP " + response.statusCode() + " " + response.body());
            }
            return answer;
        } catch (IOException e) {
            throw new UncheckedIOException(url + pathAndQuery, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String encoded(String promql) {
        return URLEncoder.encode(promql, StandardCharsets.UTF_8);
    }

    private static String seconds(Instant at) {
        return String.format(Locale.ROOT, "%.3f", at.toEpochMilli() / 1000.0);
    }
}
