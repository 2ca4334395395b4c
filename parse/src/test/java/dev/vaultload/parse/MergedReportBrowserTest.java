package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.MergeSummary;
import dev.vaultload.report.ShardRun;
import dev.vaultload.scaleout.ShardResults;
import dev.vaultload.stats.ErrorClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The page of a merged run in {@link HeadlessChromium}: what a merge is for is on it (complete or partial, every
 * shard with its ops/s and lateness or why it is missing, stragglers, the common window), and its charts spend
 * their width on the replay, not on the ten minutes the shards waited for START_AT.
 */
class MergedReportBrowserTest {
    private static final String RUN_ID = "r1";
    private static final long PERIOD_MILLIS = 1000;
    private static final long START_MILLIS = 1_800_000_000_000L;
    /** The shards were ready after their users' period and waited this long for START_AT. */
    private static final long WAIT_MILLIS = 600_000;
    private static final long START_AT_MILLIS = START_MILLIS + PERIOD_MILLIS + WAIT_MILLIS;

    @TempDir
    Path folder;

    @Test
    void aMergedPageShowsItsShardsAndWindowAndCutsTheWaitForStartAt() throws IOException {
        Path run = folder.resolve(RUN_ID);
        shard(run, 0, 0, 60, 0, ShardResults.PASSED);
        shard(run, 1, 500, 60, 0, ShardResults.PASSED);
        shard(run, 2, 300, 90, 2_000, ShardResults.PASSED); // late, and its replay half as long again: a straggler
        shard(run, 3, 0, 60, 0, "failed");
        Path merged = folder.resolve("merged");
        new RunMerge().merge(run, merged);
        MergeSummary summary = JsonResultReader.runResult(ResultLoader.filesEndingWith(merged, ".json").getFirst()).merge();
        Path page = merged.resolve(HtmlReport.FILE_NAME);

        try (HeadlessChromium browser = HeadlessChromium.start(folder.resolve("profile"))) {
            browser.open(page);

            assertEquals("partial", browser.find("section.run h3 .verdict").getText());
            for (MergeSummary.Shard shard : summary.shards()) {
                String row = "table.shards tr[data-shard='" + shard.index() + "'] ";
                assertEquals(Html.number(shard.opsPerSecond()), browser.find(row + "td.ops").getText());
                assertEquals(Html.duration(shard.startLatenessMillis()), browser.find(row + "td.lateness").getText());
                assertEquals(shard.straggler(), browser.find(row + "td.straggler").getText().startsWith("straggler"));
            }
            assertEquals(List.of(false, false, true), summary.shards().stream().map(MergeSummary.Shard::straggler).toList());
            assertEquals("2.0 s", browser.find("table.shards tr[data-shard='2'] td.lateness").getText());
            assertTrue(browser.find("table.shards tr[data-shard='3']").getText().contains("missing: its done says failed"));
            assertTrue(browser.find("p.merge").getText().contains(Instant.ofEpochMilli(summary.steadyWindow().startEpochMillis())
                    .toString()), "the common window");
            assertEquals(List.of("CREATE_USER", "WRITE", "READ", "LIST"), ReportPageBrowserTest.series(browser, "p99"));

            for (String chart : List.of("throughput", "p50", "p99", "errors")) {
                WebElement figure = browser.find("figure[data-chart='" + chart + "']");
                double plotWidth = browser.box(figure.findElement(By.cssSelector("rect.frame"))).width();
                double waitWidth = browser.box(figure.findElement(By.cssSelector("g[data-band^='waiting for START_AT'] rect")))
                        .width();
                double windowWidth = browser.box(figure.findElement(By.cssSelector("g[data-band='all shards replaying'] rect")))
                        .width();
                assertTrue(waitWidth < 0.1 * plotWidth, () -> chart + ": the wait takes " + waitWidth + " of " + plotWidth + " px");
                assertTrue(windowWidth > 0.5 * plotWidth, () -> chart + ": the common window takes " + windowWidth + " of "
                        + plotWidth + " px");
            }
            browser.screenshot(Path.of("target", "report-merged.png"));
        }
    }

    /**
     * Shard {@code index}'s folder: its result, .hlog and done. It starts {@code offsetMillis} after the first shard,
     * so its periods lie off the merge's; its replay starts {@code lateMillis} after START_AT, in the period of its
     * own that holds that moment, as a shard's reporter logs it.
     */
    private static void shard(Path run, int index, long offsetMillis, int periods, long lateMillis, String done)
            throws IOException {
        Path shardFolder = Files.createDirectories(run.resolve("shard-" + index));
        long shardStartMillis = START_MILLIS + offsetMillis;
        long replayStartMillis = START_AT_MILLIS + lateMillis;
        long firstReplayPeriodMillis = shardStartMillis
                + Math.floorDiv(replayStartMillis - shardStartMillis, PERIOD_MILLIS) * PERIOD_MILLIS;
        SyntheticRun shard = new SyntheticRun().startingAt(shardStartMillis).periods(periods, PERIOD_MILLIS)
                .waiting(firstReplayPeriodMillis - shardStartMillis - PERIOD_MILLIS).seed(index)
                .failing(10, ErrorClass.TIMEOUT, 1 + index);
        shard.shard(new ShardRun(RUN_ID, index, 4, Instant.ofEpochMilli(START_AT_MILLIS).toString(), lateMillis,
                START_AT_MILLIS - WAIT_MILLIS, replayStartMillis, replayStartMillis + periods * PERIOD_MILLIS)).write(shardFolder, "SyntheticRun-MEMORY-2t-100k");
        Files.writeString(shardFolder.resolve(ShardResults.DONE), done);
    }
}
