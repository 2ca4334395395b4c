package dev.vaultload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One benchmark of a JMH JSON result (`-rf json`, mode avgt in microseconds per operation) as throughput: every
 * operation moves {@code sizeBytes}, so MB/s (10^6 bytes/s) = sizeBytes / microseconds per operation.
 *
 * @param benchmark                 class and method, e.g. "VaultCryptoBenchmark.rawJceDecrypt"
 * @param cipher                    the cipher parameter, empty for benchmarks without one
 * @param megabytesPerSecond        JMH's score (the mean over all measurement iterations) as MB/s
 * @param iterationMegabytesPerSecond every measurement iteration of every fork, in order, as MB/s
 */
record JmhFigure(String benchmark, String cipher, long sizeBytes, double megabytesPerSecond,
        List<Double> iterationMegabytesPerSecond) {

    static List<JmhFigure> read(Path json) throws IOException {
        List<JmhFigure> figures = new ArrayList<>();
        for (JsonNode result : new ObjectMapper().readTree(json.toFile())) {
            JsonNode metric = result.get("primaryMetric");
            if (!"us/op".equals(metric.get("scoreUnit").asText())) {
                throw new IllegalArgumentException("expected us/op, got " + metric.get("scoreUnit") + " in " + json);
            }
            String[] name = result.get("benchmark").asText().split("\\.");
            JsonNode params = result.get("params");
            long sizeBytes = params.get("sizeBytes").asLong();
            List<Double> iterations = new ArrayList<>();
            for (JsonNode fork : metric.get("rawData")) {
                fork.forEach(micros -> iterations.add(sizeBytes / micros.asDouble()));
            }
            figures.add(new JmhFigure(name[name.length - 2] + "." + name[name.length - 1],
                    params.has("cipher") ? params.get("cipher").asText() : "", sizeBytes,
                    sizeBytes / metric.get("score").asDouble(), List.copyOf(iterations)));
        }
        return figures;
    }

    String describe() {
        return benchmark + (cipher.isEmpty() ? "" : " " + cipher) + " at " + sizeText(sizeBytes);
    }

    static String sizeText(long sizeBytes) {
        return sizeBytes % (1024 * 1024) == 0 ? sizeBytes / (1024 * 1024) + " MiB" : sizeBytes + " B";
    }
}
