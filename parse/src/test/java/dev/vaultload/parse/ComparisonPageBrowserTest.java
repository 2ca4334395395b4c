package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code compare --html PAGE A B} in {@link HeadlessChromium}: the table with every ratio's interval and the
 * verdicts, and A's and B's charts overlaid (A solid, B dashed, each operation in its color).
 */
class ComparisonPageBrowserTest {
    private static final String INTERVAL = "\\d+\\.\\d{3} \\[\\d+\\.\\d{3}, \\d+\\.\\d{3}\\]";

    @TempDir
    Path folder;

    @Test
    void comparePageHoldsTheTableWithIntervalsAndVerdictsAndBothSidesChartsOverlaid() throws IOException {
        Path a = Files.createDirectories(folder.resolve("gcm"));
        Path b = Files.createDirectories(folder.resolve("cbc"));
        for (int repeat = 0; repeat < 2; repeat++) {
            side(CipherSuite.AES256_GCM, 1.0, repeat).write(a, "run-" + repeat);
            side(CipherSuite.AES256_CBC, 1.3, 10 + repeat).write(b, "run-" + repeat);
        }
        Path page = folder.resolve("compare.html");

        int status = new CommandLine(new ParseCommand()).execute("compare", "--html", page.toString(), a.toString(), b.toString());

        assertEquals(0, status);
        try (HeadlessChromium browser = HeadlessChromium.start(folder.resolve("profile"))) {
            browser.open(page);

            String read = "table.comparison tr[data-operation='READ'] ";
            assertTrue(browser.find(read + "td.p50-ratio").getText().matches(INTERVAL), browser.find(read + "td.p50-ratio")::getText);
            assertTrue(browser.find(read + "td.p99-ratio").getText().matches(INTERVAL));
            assertTrue(browser.find(read + "td.throughput-ratio").getText().matches(INTERVAL));
            assertEquals("B slower", browser.find(read + "td.latency").getText());
            assertTrue(browser.find(read + "td.latency").getAttribute("class").contains("worse"));
            assertTrue(browser.find("table.configuration").getText().contains("cipher"), "the compared dimension");

            assertEquals(List.of("distribution", "p99", "throughput"), browser.findAll("section.combination figure.chart")
                    .stream().map(chart -> chart.getAttribute("data-chart")).toList());
            for (String chart : List.of("distribution", "p99", "throughput")) {
                List<String> series = ReportPageBrowserTest.series(browser, chart);
                assertTrue(series.containsAll(List.of("WRITE A", "WRITE B", "READ A", "READ B")), chart + ": " + series);
                assertEquals(null, ReportPageBrowserTest.path(browser, chart, "READ A").getAttribute("stroke-dasharray"));
                assertNotEquals(null, ReportPageBrowserTest.path(browser, chart, "READ B").getAttribute("stroke-dasharray"));
                assertEquals(ReportPageBrowserTest.path(browser, chart, "READ A").getAttribute("stroke"),
                        ReportPageBrowserTest.path(browser, chart, "READ B").getAttribute("stroke"));
            }
            browser.screenshot(Path.of("target", "compare.png"));
        }
    }

    /** One run of a side: WRITE and READ, {@code slower} times the base latencies, 40 one-second periods. */
    private static SyntheticRun side(CipherSuite cipher, double slower, long seed) {
        return new SyntheticRun().cipher(cipher).periods(40, 1000).seed(seed).loads(List.of(
                new SyntheticRun.Load(OperationType.WRITE, 22_000 * slower, 20),
                new SyntheticRun.Load(OperationType.READ, 2_000 * slower, 20)));
    }
}
