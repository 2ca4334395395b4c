package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html of a 72-hour soak (10-second periods, PERIOD's default, six operation types, failures in
 * CONTINUE mode, a full health series) stays under 5 MB, and its charts keep their text as text: the page of a
 * long run must still open, and its labels be found by the browser's search.
 */
class HtmlReportSizeTest {
    private static final long MAX_PAGE_BYTES = 5_000_000;
    private static final int HOURS = 72;
    private static final long PERIOD_MILLIS = 10_000;
    private static final Pattern SVG = Pattern.compile("<svg.*?</svg>", Pattern.DOTALL);

    @Test
    void aSeventyTwoHourSoakMakesAPageUnderFiveMegabytesWithTextAsText(@TempDir Path folder) throws IOException {
        int periods = (int) (HOURS * 3600_000L / PERIOD_MILLIS);
        SyntheticRun soak = new SyntheticRun().periods(periods, PERIOD_MILLIS).warmup(10_000).withHealth()
                .failuresKept(10_000, 2_000).loads(List.of(
                        new SyntheticRun.Load(OperationType.WRITE, 22_000, 20),
                        new SyntheticRun.Load(OperationType.READ, 2_000, 20),
                        new SyntheticRun.Load(OperationType.SHARE, 30_000, 5),
                        new SyntheticRun.Load(OperationType.LIST, 60, 10),
                        new SyntheticRun.Load(OperationType.DELETE, 900, 5)));
        for (int period = 0; period < periods; period += 97) {
            soak.failing(period, period % 2 == 0 ? ErrorClass.TIMEOUT : ErrorClass.SERVER, 1 + period % 5);
        }
        soak.write(folder, "soak");

        Path page = new HtmlReport().write(folder);

        long bytes = Files.size(page);
        assertTrue(bytes < MAX_PAGE_BYTES, () -> "report.html of a " + HOURS + "-hour soak is " + bytes + " bytes");
        String html = Files.readString(page);
        Matcher charts = SVG.matcher(html);
        int count = 0;
        while (charts.find()) {
            String svg = charts.group();
            assertTrue(svg.contains("<text"), "a chart without text elements: its text was drawn as outlines");
            count++;
        }
        assertEquals(6, count, "throughput, p50, p99, failures, distribution and memory");
        assertTrue(html.contains(">Throughput per period</text>") && html.contains(">p99 latency per period (log scale)</text>"),
                "chart titles are text");
    }
}
