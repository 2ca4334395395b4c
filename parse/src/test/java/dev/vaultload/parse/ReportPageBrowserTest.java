package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * report.html as a person reads it in {@link HeadlessChromium}: latencies from 60 microseconds to a second each
 * readable over time, the latency distribution (RATE: from the intended start and service time), failures and
 * total throughput over time, one color per operation on every chart of every page, and headings that tell runs
 * apart.
 */
class ReportPageBrowserTest {
    /** Lines whose latencies are a decade or more apart must be at least this far apart on screen. */
    private static final double APART_PIXELS = 20;
    private static final List<SyntheticRun.Load> SPREAD = List.of(new SyntheticRun.Load(OperationType.WRITE, 22_000, 20),
            new SyntheticRun.Load(OperationType.READ, 2_000, 20), new SyntheticRun.Load(OperationType.LIST, 60, 20));

    @TempDir
    Path folder;

    @Test
    void latenciesDecadesApartAreEachReadableOverTimeBesideTheirDistributionFailuresAndTotalThroughput() throws IOException {
        Path results = Files.createDirectories(folder.resolve("spread"));
        new SyntheticRun().loads(SPREAD).createUserMedian(1_000_000).failing(20, ErrorClass.TIMEOUT, 4)
                .failing(40, ErrorClass.SERVER, 2).write(results, "spread");
        Path page = new HtmlReport().write(results);

        try (HeadlessChromium browser = HeadlessChromium.start(folder.resolve("profile"))) {
            browser.open(page);

            assertEquals(List.of("throughput", "p50", "p99", "errors", "distribution"), browser.findAll("figure.chart")
                    .stream().map(chart -> chart.getAttribute("data-chart")).toList());
            assertEquals(List.of("all operations", "CREATE_USER", "WRITE", "READ", "LIST"), series(browser, "throughput"));
            assertEquals(List.of("TIMEOUT", "SERVER"), series(browser, "errors"));
            assertEquals(List.of("CREATE_USER", "WRITE", "READ", "LIST"), series(browser, "distribution"));
            for (String chart : List.of("p50", "p99")) {
                Map<String, Double> middles = new HashMap<>();
                for (String operation : List.of("CREATE_USER", "WRITE", "READ", "LIST")) {
                    middles.put(operation, browser.box(seriesElement(browser, chart, operation)).middleY());
                }
                for (String one : middles.keySet()) {
                    for (String other : middles.keySet()) {
                        double apart = Math.abs(middles.get(one) - middles.get(other));
                        assertTrue(one.equals(other) || apart >= APART_PIXELS,
                                () -> chart + ": " + one + " and " + other + " are drawn " + apart + " px apart");
                    }
                }
            }
            browser.screenshot(Path.of("target", "report-spread.png"));
        }
    }

    @Test
    void aRateRunDrawsTheServiceTimeDashedBesideTheLatencyFromTheIntendedStart() throws IOException {
        Path results = Files.createDirectories(folder.resolve("rate"));
        new SyntheticRun().loads(SPREAD).rate(60).write(results, "rate");
        Path page = new HtmlReport().write(results);

        try (HeadlessChromium browser = HeadlessChromium.start(folder.resolve("profile"))) {
            browser.open(page);

            List<String> lines = series(browser, "distribution");
            for (String operation : List.of("WRITE", "READ", "LIST")) {
                assertTrue(lines.contains(operation) && lines.contains(operation + " service time"), lines::toString);
                assertEquals(null, path(browser, "distribution", operation).getAttribute("stroke-dasharray"));
                assertNotEquals(null, path(browser, "distribution", operation + " service time").getAttribute("stroke-dasharray"));
                assertEquals(path(browser, "distribution", operation).getAttribute("stroke"),
                        path(browser, "distribution", operation + " service time").getAttribute("stroke"));
            }
        }
    }

    @Test
    void everyOperationKeepsItsColorOnEveryChartOfEveryPage() throws IOException {
        Path spread = Files.createDirectories(folder.resolve("spread"));
        new SyntheticRun().loads(SPREAD).write(spread, "spread");
        Path other = Files.createDirectories(folder.resolve("other"));
        new SyntheticRun().loads(List.of(new SyntheticRun.Load(OperationType.DELETE, 900, 10),
                new SyntheticRun.Load(OperationType.READ, 3_000, 10))).write(other, "other");
        List<Path> pages = List.of(new HtmlReport().write(spread), new HtmlReport().write(other));

        Map<String, String> colors = new HashMap<>();
        try (HeadlessChromium browser = HeadlessChromium.start(folder.resolve("profile"))) {
            for (Path page : pages) {
                browser.open(page);
                for (WebElement chart : browser.findAll("figure.chart")) {
                    for (WebElement line : chart.findElements(By.cssSelector("g[data-series] path"))) {
                        String operation = line.findElement(By.xpath("..")).getAttribute("data-series");
                        String stroke = line.getAttribute("stroke");
                        String first = colors.putIfAbsent(operation, stroke);
                        assertTrue(first == null || first.equals(stroke), () -> operation + " is " + first + " and "
                                + stroke + " (" + chart.getAttribute("data-chart") + " of " + page + ")");
                    }
                }
            }
        }
        assertTrue(colors.keySet().containsAll(List.of("WRITE", "READ", "LIST", "DELETE")), colors::toString);
        assertEquals(colors.size(), colors.values().stream().distinct().count(), () -> "two lines share a color: " + colors);
    }

    @Test
    void runsThatDifferInTheirCipherAreHeadedWithIt() throws IOException {
        Path results = Files.createDirectories(folder.resolve("ciphers"));
        new SyntheticRun().cipher(CipherSuite.AES256_GCM).write(results, "gcm");
        new SyntheticRun().cipher(CipherSuite.AES256_CBC).write(results, "cbc");
        Path page = new HtmlReport().write(results);

        try (HeadlessChromium browser = HeadlessChromium.start(folder.resolve("profile"))) {
            browser.open(page);

            List<String> headings = browser.findAll("section.run h2").stream()
                    .map(heading -> heading.getText().replaceFirst(" (PASSED|FAILED)$", "")).toList();
            assertEquals(List.of("MEMORY with 2 threads and 100 Kb filesize · cipher AES256_CBC",
                    "MEMORY with 2 threads and 100 Kb filesize · cipher AES256_GCM"), headings);
            assertEquals(headings, browser.findAll("nav a").stream().map(WebElement::getText).toList(), "contents");
        }
    }

    /** The series a chart draws, in order. */
    static List<String> series(HeadlessChromium browser, String chart) {
        return browser.findAll("figure[data-chart='" + chart + "'] g[data-series]").stream()
                .map(line -> line.getAttribute("data-series")).toList();
    }

    static WebElement seriesElement(HeadlessChromium browser, String chart, String series) {
        return browser.find("figure[data-chart='" + chart + "'] g[data-series='" + series + "']");
    }

    static WebElement path(HeadlessChromium browser, String chart, String series) {
        return seriesElement(browser, chart, series).findElement(By.tagName("path"));
    }
}
