package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * compare.html read as text: a panel per operation whose charts hold A and B each in one color of its own (a line per
 * run, never every operation of both sides on one chart), nothing fetched. {@link ComparisonPageBrowserTest} looks at
 * it in a browser where one is installed.
 */
class ComparisonPageTest {
    /** Two runs of GCM in {@code gcm} and two of CBC in {@code cbc}, CBC's latencies 1.3 times GCM's. */
    static void writeTwoRunsASide(Path gcm, Path cbc) throws IOException {
        Files.createDirectories(gcm);
        Files.createDirectories(cbc);
        for (int repeat = 0; repeat < 2; repeat++) {
            side(CipherSuite.AES256_GCM, 1.0, repeat).write(gcm, "run-" + repeat);
            side(CipherSuite.AES256_CBC, 1.3, 10 + repeat).write(cbc, "run-" + repeat);
        }
    }

    private static final Pattern PANEL = Pattern.compile("<section class=\"operation\" data-operation=\"(\\w+)\">(.*?)</section>",
            Pattern.DOTALL);
    private static final Pattern CHART = Pattern.compile("<figure class=\"chart\" data-chart=\"(\\w+)\">(.*?)</figure>",
            Pattern.DOTALL);
    private static final Pattern SERIES = Pattern.compile("<g data-series=\"([^\"]+)\" fill=\"(#[0-9a-f]{6})\">");

    @TempDir
    Path folder;

    @Test
    void eachOperationHasAPanelWithASideAndBSideInTwoColors() throws IOException {
        Path gcm = folder.resolve("gcm");
        Path cbc = folder.resolve("cbc");
        writeTwoRunsASide(gcm, cbc);
        Path page = folder.resolve("compare.html");

        int status = new CommandLine(new ParseCommand()).execute("compare", "--html", page.toString(), gcm.toString(),
                cbc.toString());

        assertEquals(0, status);
        String html = Files.readString(page);
        Map<String, List<String>> chartsByOperation = new HashMap<>();
        Matcher panel = PANEL.matcher(html);
        while (panel.find()) {
            List<String> charts = new ArrayList<>();
            Matcher chart = CHART.matcher(panel.group(2));
            while (chart.find()) {
                charts.add(chart.group(1));
                Map<String, String> colorBySide = new HashMap<>();
                Matcher series = SERIES.matcher(chart.group(2));
                int lines = 0;
                while (series.find()) {
                    lines++;
                    String side = series.group(1);
                    String color = series.group(2);
                    assertEquals(color, colorBySide.computeIfAbsent(side, unused -> color), side + " in one color");
                }
                String where = panel.group(1) + " " + chart.group(1);
                assertEquals(Map.of("AES256_GCM", LineColors.hex(LineColors.SIDE_A), "AES256_CBC",
                        LineColors.hex(LineColors.SIDE_B)), colorBySide, where);
                assertEquals(chart.group(1).equals("distribution") ? 2 : 4, lines, where + ": a line per side or per run");
            }
            chartsByOperation.put(panel.group(1), charts);
        }
        List<String> charts = List.of("distribution", "p99", "throughput");
        assertEquals(Map.of("WRITE", charts, "READ", charts), chartsByOperation, "CREATE_USER ends in the warm-up: no panel");
        assertTrue(html.contains("<th>A: AES256_GCM</th>") && html.contains("<th>B: AES256_CBC</th>"), "the sides named");
        assertFalse(html.contains("<script") || html.contains(" src=") || html.contains(" href="), "self-contained");
    }

    /** One run of a side: WRITE and READ, {@code slower} times the base latencies, 40 one-second periods. */
    static SyntheticRun side(CipherSuite cipher, double slower, long seed) {
        return new SyntheticRun().cipher(cipher).periods(40, 1000).warmup(1000).seed(seed).loads(List.of(
                new SyntheticRun.Load(OperationType.WRITE, 22_000 * slower, 20),
                new SyntheticRun.Load(OperationType.READ, 2_000 * slower, 20)));
    }
}
