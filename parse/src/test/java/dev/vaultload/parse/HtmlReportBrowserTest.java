package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * report.html of a real run (CompareCalibration's: MEMORY, injected latency, 2 s, 100 ms periods) opened in
 * {@link HeadlessChromium}: no console message at warning level or above, the operations table holds the JSON's
 * counts and p99s, the verdict is shown, and every chart drew lines (SVG paths with data and a size on screen) and
 * its title as text. It writes target/report.png, which README's .images/report.png comes from.
 */
class HtmlReportBrowserTest {
    private static final String NON_EMPTY_PATHS = "return Array.from(arguments[0].querySelectorAll('path'))"
            + ".filter(p => (p.getAttribute('d') || '').trim().length > 0).length";

    @Test
    void thePageOpensCleanlyAndShowsTheRun(@TempDir Path folder) throws IOException {
        Path results = folder.resolve("results");
        new CompareCalibration(folder, Duration.ofSeconds(2)).run(results, 1.0);
        RunResult result = JsonResultReader.runResult(ResultLoader.filesEndingWith(results, ".json").getFirst());
        Path page = new HtmlReport().write(results);

        try (HeadlessChromium browser = HeadlessChromium.start(folder.resolve("profile"))) {
            browser.open(page);

            assertEquals("PASSED", browser.find("h2 .verdict").getText());
            for (OperationStatistics operation : result.operations()) {
                String row = "table.operations tr[data-operation='" + operation.type() + "'] ";
                assertEquals(Long.toString(operation.count()), browser.find(row + "td.count").getText());
                assertEquals(String.format(Locale.ROOT, "%.3f", operation.percentileMicros().get("99") / 1000.0),
                        browser.find(row + "td.p99").getText(), operation.type()::name);
            }
            List<WebElement> charts = browser.findAll("figure.chart");
            assertEquals(List.of("throughput", "p50", "p99", "distribution", "memory"),
                    charts.stream().map(c -> c.getAttribute("data-chart")).toList());
            for (WebElement chart : charts) {
                String name = chart.getAttribute("data-chart");
                long paths = (Long) browser.script(NON_EMPTY_PATHS, chart);
                assertTrue(paths > 0, () -> name + " drew no path");
                assertTrue(chart.getSize().getWidth() > 100 && chart.getSize().getHeight() > 100, name);
                WebElement title = chart.findElement(By.cssSelector("svg > text"));
                assertTrue(title.getText().length() > 3 && title.getSize().getWidth() > 10, () -> name + ": no title as text");
            }
            browser.screenshot(Path.of("target", "report.png"));
        }
    }
}
