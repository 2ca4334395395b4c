package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import picocli.CommandLine;

/**
 * {@code compare --html PAGE A B} in {@link HeadlessChromium}: the table with every ratio's interval and the
 * verdicts naming the sides, and a panel per operation with A's and B's charts, each side in its color.
 */
class ComparisonPageBrowserTest {
    private static final String INTERVAL = "\\d+\\.\\d{3} \\[\\d+\\.\\d{3}, \\d+\\.\\d{3}\\]";

    @TempDir
    Path folder;

    @Test
    void comparePageHoldsTheTableWithIntervalsAndVerdictsAndAPanelPerOperationWithBothSides() throws IOException {
        Path a = folder.resolve("gcm");
        Path b = folder.resolve("cbc");
        ComparisonPageTest.writeTwoRunsASide(a, b);
        Path page = folder.resolve("compare.html");

        int status = new CommandLine(new ParseCommand()).execute("compare", "--html", page.toString(), a.toString(), b.toString());

        assertEquals(0, status);
        try (HeadlessChromium browser = HeadlessChromium.start(folder.resolve("profile"))) {
            browser.open(page);

            String read = "table.comparison tr[data-operation='READ'] ";
            assertTrue(browser.find(read + "td.p50-ratio").getText().matches(INTERVAL), browser.find(read + "td.p50-ratio")::getText);
            assertTrue(browser.find(read + "td.p99-ratio").getText().matches(INTERVAL));
            assertTrue(browser.find(read + "td.throughput-ratio").getText().matches(INTERVAL));
            assertEquals("AES256_CBC slower", browser.find(read + "td.latency").getText());
            assertTrue(browser.find(read + "td.latency").getAttribute("class").contains("worse"));
            assertTrue(browser.find("table.configuration").getText().contains("cipher"), "the compared dimension");

            assertEquals(List.of("WRITE", "READ"), browser.findAll("section.operation").stream()
                    .map(panel -> panel.getAttribute("data-operation")).toList());
            String panel = "section.operation[data-operation='READ'] ";
            assertEquals(List.of("distribution", "p99", "throughput"), browser.findAll(panel + "figure.chart")
                    .stream().map(chart -> chart.getAttribute("data-chart")).toList());
            for (String chart : List.of("distribution", "p99", "throughput")) {
                String figure = panel + "figure[data-chart='" + chart + "'] ";
                assertEquals(List.of("AES256_GCM", "AES256_CBC"), browser.findAll(figure + "g[data-series]").stream()
                        .map(line -> line.getAttribute("data-series")).distinct().toList(), chart);
                assertNotEquals(browser.find(figure + "g[data-series='AES256_GCM']").findElement(By.tagName("path"))
                        .getAttribute("stroke"), browser.find(figure + "g[data-series='AES256_CBC']")
                        .findElement(By.tagName("path")).getAttribute("stroke"), chart);
            }
            browser.screenshot(Path.of("target", "compare.png"));
        }
    }
}
