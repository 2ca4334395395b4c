package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * report.html of a real run (CompareCalibration's: MEMORY, injected latency, 2 s, 100 ms periods) opened in
 * headless Chromium from Debian's packages, driven by chromedriver: no console message at warning level or above,
 * the operations table holds the JSON's counts and p99s, the verdict is shown, and every chart drew lines (SVG
 * paths with data and a size on screen). It writes target/report.png, which README's .images/report.png comes
 * from. Without /usr/bin/chromedriver the test is skipped, unless {@code VAULTLOAD_REQUIRE_BROWSER=true} in the
 * environment (CI, after scripts/install-browser.sh) makes that a failure.
 */
class HtmlReportBrowserTest {
    private static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");
    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String NON_EMPTY_PATHS = "return Array.from(arguments[0].querySelectorAll('path'))"
            + ".filter(p => (p.getAttribute('d') || '').trim().length > 0).length";

    @Test
    void thePageOpensCleanlyAndShowsTheRun(@TempDir Path folder) throws IOException {
        requireBrowser();
        Path results = folder.resolve("results");
        new CompareCalibration(folder, Duration.ofSeconds(2)).run(results, 1.0);
        RunResult result = readResult(results);
        Path page = new HtmlReport().write(results);

        ChromeDriver browser = start(folder.resolve("profile"));
        try {
            browser.get(page.toUri().toString());

            List<LogEntry> messages = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(entry -> entry.getLevel().intValue() >= Level.WARNING.intValue()).toList();
            assertEquals(List.of(), messages, "console");
            assertTrue(browser.findElement(By.cssSelector("h2 .verdict")).getText().equals("PASSED"));
            for (OperationStatistics operation : result.operations()) {
                String row = "tr[data-operation='" + operation.type() + "'] ";
                assertEquals(Long.toString(operation.count()), browser.findElement(By.cssSelector(row + "td.count")).getText());
                assertEquals(String.format(Locale.ROOT, "%.3f", operation.percentileMicros().get("99") / 1000.0),
                        browser.findElement(By.cssSelector(row + "td.p99")).getText(), operation.type()::name);
            }
            List<WebElement> charts = browser.findElements(By.cssSelector("figure.chart"));
            assertEquals(List.of("throughput", "latency", "memory"), charts.stream().map(c -> c.getAttribute("data-chart")).toList());
            for (WebElement chart : charts) {
                long paths = (Long) browser.executeScript(NON_EMPTY_PATHS, chart);
                assertTrue(paths > 0, () -> chart.getAttribute("data-chart") + " drew no path");
                assertTrue(chart.getSize().getWidth() > 100 && chart.getSize().getHeight() > 100, chart.getAttribute("data-chart"));
            }
            Path screenshot = Path.of("target", "report.png");
            Files.createDirectories(screenshot.getParent());
            Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), screenshot, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            browser.quit();
        }
    }

    private static void requireBrowser() {
        if (!CHROMEDRIVER.canExecute()) {
            if (Boolean.parseBoolean(System.getenv("VAULTLOAD_REQUIRE_BROWSER"))) {
                fail(CHROMEDRIVER + " missing: apt-get install -y chromium chromium-driver");
            }
            Assumptions.abort(CHROMEDRIVER + " missing: apt-get install -y chromium chromium-driver to run this test");
        }
    }

    private static ChromeDriver start(Path profile) {
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM).addArguments("--headless=new", "--no-sandbox",
                "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile);
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriver browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER).build(),
                options);
        browser.manage().window().setSize(new Dimension(1280, 2600));
        return browser;
    }

    private static RunResult readResult(Path results) throws IOException {
        return JsonResultReader.runResult(ResultLoader.filesEndingWith(results, ".json").getFirst());
    }
}
