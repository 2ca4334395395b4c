package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/observability.md shows each Prometheus configuration of deploy/prometheus/ as it is, so that the one
 * scripts/start-prometheus.sh loads and PrometheusScrapeTest runs against is the one a reader copies.
 */
class PrometheusConfigurationsTest {

    @Test
    void theDocsShowEveryConfigurationAsItIs() throws IOException {
        String docs = Files.readString(Path.of("..", "docs", "observability.md"));
        List<Path> configurations;
        try (Stream<Path> files = Files.list(Path.of("..", "deploy", "prometheus"))) {
            configurations = files.filter(file -> file.toString().endsWith(".yml")).sorted().toList();
        }
        assertEquals(3, configurations.size(), configurations::toString);
        for (Path configuration : configurations) {
            assertTrue(docs.contains("```yaml\n" + Files.readString(configuration) + "```\n"),
                    () -> "docs/observability.md does not show " + configuration + " as it is");
        }
    }
}
