package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
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
 * Headless Chromium from Debian's packages, driven by chromedriver, for the tests of the pages. Without
 * /usr/bin/chromedriver a test is skipped, unless {@code VAULTLOAD_REQUIRE_BROWSER=true} in the environment (CI,
 * after scripts/install-browser.sh) makes that a failure.
 */
final class HeadlessChromium implements AutoCloseable {
    private static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");
    private static final String CHROMIUM = "/usr/bin/chromium";
    /** A chart element's box on screen: top, bottom, left, right in CSS pixels. */
    private static final String BOX = "const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right];";

    private final ChromeDriver browser;

    private HeadlessChromium(ChromeDriver browser) {
        this.browser = browser;
    }

    /** The browser, with its profile in {@code profile}; skips or fails the test without chromedriver. */
    static HeadlessChromium start(Path profile) {
        if (!CHROMEDRIVER.canExecute()) {
            if (Boolean.parseBoolean(System.getenv("VAULTLOAD_REQUIRE_BROWSER"))) {
                fail(CHROMEDRIVER + " missing: apt-get install -y chromium chromium-driver");
            }
            Assumptions.abort(CHROMEDRIVER + " missing: apt-get install -y chromium chromium-driver to run this test");
        }
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM).addArguments("--headless=new", "--no-sandbox",
                "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile);
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriver browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER).build(),
                options);
        browser.manage().window().setSize(new Dimension(1280, 2600));
        return new HeadlessChromium(browser);
    }

    /** Opens the page; it must leave no console message at warning level or above. */
    void open(Path page) {
        browser.get(page.toUri().toString());
        List<LogEntry> messages = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.WARNING.intValue()).toList();
        assertEquals(List.of(), messages, "console of " + page);
    }

    WebElement find(String css) {
        return browser.findElement(By.cssSelector(css));
    }

    List<WebElement> findAll(String css) {
        return browser.findElements(By.cssSelector(css));
    }

    /** The element's box on screen, as {@link Box}. */
    Box box(WebElement element) {
        @SuppressWarnings("unchecked")
        List<Number> edges = (List<Number>) browser.executeScript(BOX, element);
        return new Box(edges.get(0).doubleValue(), edges.get(1).doubleValue(), edges.get(2).doubleValue(),
                edges.get(3).doubleValue());
    }

    /** Where an element is drawn, in CSS pixels. */
    record Box(double top, double bottom, double left, double right) {
        double middleY() {
            return (top + bottom) / 2;
        }

        double width() {
            return right - left;
        }
    }

    Object script(String script, Object... arguments) {
        return browser.executeScript(script, arguments);
    }

    void screenshot(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), file, StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void close() {
        browser.quit();
    }
}
