package dev.vaultload.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.report.JsonReportWriter;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ShardRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** `history add|list|trend|check` on a SQLite file, over result folders written as runs write them. */
class HistoryCommandTest {
    private static final Instant FIRST_NIGHT = Instant.parse("2026-10-01T02:00:00Z");
    private static final int NIGHTS = 40;
    private static final int SLOWER_FROM = 25;
    private static final int COMMITS = 16;
    private static final int STEPPED_FROM = 9;
    private static final long COLD_RUN_SEED = 1;
    private static final int KDF_RUNS = 12;

    @TempDir
    Path folder;

    record Outcome(int exitCode, String out, String err) {
    }

    @Test
    void nightlyResultsAreAddedOnceTrendedAndTheirRegressionFound() throws Exception {
        Path results = nightlyResults();
        Path history = folder.resolve("history/h.db");

        Outcome add = history("add", results.toString(), "--url", history.toString());
        assertEquals(0, add.exitCode(), add.err());
        assertEquals("added " + 2 * NIGHTS + " results", add.out().strip());
        Outcome again = history("add", results.toString(), "--url", history.toString());
        assertEquals("added 0 results, " + 2 * NIGHTS + " were there already", again.out().strip());
        Path shard = folder.resolve("shard-0.json");
        RunResult whole = SampleResults.result(FIRST_NIGHT, "CEPH", CipherSuite.AES256_GCM, 10, "s");
        new JsonReportWriter(shard).write(new RunResult(whole.setup(), whole.engineDescription(), whole.timing(),
                whole.operations(), whole.errors(), whole.failures(), whole.failureGroups(), whole.objects(), whole.cpu(),
                whole.health(), whole.storageDetails(), whole.environment(), new ShardRun("r", 0, 2, null, 0, 0, 0, 1), null,
                null, null, null));
        assertEquals("skipped " + shard + ": a shard's result (add the merged one)\nadded 0 results",
                history("add", shard.toString(), "--url", history.toString()).out().strip());

        Outcome list = history("list", "--where", "storage=CEPH,cipher=AES256_GCM", "--url", history.toString());
        assertEquals(NIGHTS + 1, list.out().strip().lines().count(), list.out());

        Path chart = folder.resolve("read-p99.svg");
        Outcome trend = history("trend", "--metric", "read p99", "--where", "cipher=AES256_GCM,storage=CEPH",
                "--chart", chart.toString(), "--url", history.toString());
        assertEquals(0, trend.exitCode(), trend.err());
        assertTrue(trend.out().startsWith("== READ p99 (ms), mode=FIXTURE,"), trend.out());
        assertTrue(Files.readString(chart).startsWith("<svg") && Files.readString(chart).contains("READ p99"));
        assertTrue(Files.readString(chart).contains("<g data-band=\"+"), "the change point check finds is marked");
        Path both = folder.resolve("both.svg");
        assertEquals(0, history("trend", "--metric", "READ p99", "--chart", both.toString(), "--url", history.toString())
                .exitCode());
        assertTrue(Files.readString(both).contains("aria-label=\"READ p99, mode=FIXTURE,suite=RandomActionsOnDatasafeTest,"
                + "storage=CEPH,engine=VAULTLOAD,threads=2,file_size_kib=100,"), "the heading has what the lines share");
        assertTrue(Files.readString(both).contains("data-series=\"cipher=AES256_CBC\""), "a line its own: " + Files.readString(both));
        Path png = folder.resolve("charts/read-p99.png");
        assertEquals(0, history("trend", "--metric", "READ p99", "--chart", png.toString(), "--url", history.toString()).exitCode());
        assertEquals(860, ImageIO.read(png.toFile()).getWidth(), "a PNG image");
        Outcome gif = history("trend", "--metric", "READ p99", "--chart", "read-p99.gif", "--url", history.toString());
        assertEquals(2, gif.exitCode());
        assertTrue(gif.err().contains("Invalid --chart 'read-p99.gif': the chart is SVG or PNG"), gif.err());

        Outcome check = history("check", "--metric", "READ p99", "--metric", "READ ops/s", "--url", history.toString());
        assertEquals(1, check.exitCode(), check.out() + check.err());
        assertTrue(check.out().contains("REGRESSION READ p99 (ms), mode=FIXTURE,suite=RandomActionsOnDatasafeTest,"
                + "storage=CEPH,engine=VAULTLOAD,cipher=AES256_GCM"), check.out());
        assertTrue(check.out().contains("between run " + SLOWER_FROM + " (" + FIRST_NIGHT.plusSeconds(86_400L * (SLOWER_FROM - 1))
                + ", commit night-24) and run " + (SLOWER_FROM + 1)), check.out());
        assertTrue(check.out().contains("REGRESSION READ ops/s"), "fewer ops/s is a regression too: " + check.out());
        assertEquals(0, history("check", "--metric", "READ p99", "--where", "cipher=AES256_CBC", "--url", history.toString())
                .exitCode(), "CBC did not change");
        Outcome since = history("check", "--metric", "READ p99", "--since", "2026-11-20", "--url", history.toString());
        assertEquals(0, since.exitCode(), since.out());
        assertTrue(since.out().contains("regression before --since"), since.out());
    }

    @Test
    void threeRunsACommitShowAStepThatSingleRunsHide() throws Exception {
        Path history = folder.resolve("per-commit.db");
        assertEquals(0, history("add", threeRunsACommit().toString(), "--url", history.toString()).exitCode());

        Outcome perRun = history("check", "--metric", "READ p99", "--url", history.toString());
        assertEquals(0, perRun.exitCode(), perRun.out());
        assertTrue(perRun.out().startsWith("0 change points in 1 series"), perRun.out());

        Outcome perCommit = history("check", "--metric", "READ p99", "--per", "commit", "--url", history.toString());
        assertEquals(1, perCommit.exitCode(), perCommit.out() + perCommit.err());
        assertTrue(perCommit.out().startsWith("REGRESSION READ p99 (ms), mode=FIXTURE,suite=RandomActionsOnDatasafeTest,"
                + "storage=CEPH,engine=VAULTLOAD,cipher=AES256_GCM,threads=2,file_size_kib=100,fixture=SMALL,key_pair=X25519,"
                + "kdf_iterations=1000,cores=2,jdk_major=25, per commit (median)\n"
                + "  between commit commit-" + (STEPPED_FROM - 1) + " (3 runs from " + night(STEPPED_FROM - 1)
                + ") and commit commit-" + STEPPED_FROM + " (3 runs from " + night(STEPPED_FROM) + ")\n"), perCommit.out());
        assertTrue(perCommit.out().contains(" over " + STEPPED_FROM + " commits (" + 3 * STEPPED_FROM + " runs) -> "),
                perCommit.out());
        assertTrue(perCommit.out().contains(" over " + (COMMITS - STEPPED_FROM) + " commits ("
                + 3 * (COMMITS - STEPPED_FROM) + " runs), p "), perCommit.out());

        Outcome perDay = history("check", "--metric", "READ p99", "--per", "DAY", "--url", history.toString());
        assertTrue(perDay.out().contains("  between day " + night(STEPPED_FROM - 1).toString().substring(0, 10)
                + " (3 runs, commit commit-" + (STEPPED_FROM - 1) + ") and day "), perDay.out());
        Outcome meanPerDay = history("check", "--metric", "READ p99", "--per", "day", "--central", "mean", "--url",
                history.toString());
        assertTrue(meanPerDay.out().startsWith("0 change points"), "each night's mean carries its cold run: " + meanPerDay.out());

        Outcome trend = history("trend", "--metric", "READ p99", "--per", "commit", "--chart",
                folder.resolve("per-commit.svg").toString(), "--url", history.toString());
        assertEquals(COMMITS + 3, trend.out().strip().lines().count(),
                "heading, columns, a line a commit, the chart: " + trend.out());
        assertTrue(trend.out().contains("\n    " + COMMITS + "  " + night(COMMITS - 1) + "  commit-" + (COMMITS - 1) + "      3  "),
                trend.out());
        assertTrue(Files.readString(folder.resolve("per-commit.svg")).contains("commit (1 the oldest)"),
                "the x axis counts commits");
    }

    @Test
    void aRunsPageShowsItsConfigurationsTrendFromTheHistory() throws Exception {
        Path history = folder.resolve("trends.db");
        history("add", nightlyResults().toString(), "--url", history.toString());
        try (HistoryTrends trends = new HistoryTrends(HistoryStore.open(history.toString(), null, null))) {
            String html = trends.html(SampleResults.result(FIRST_NIGHT, "CEPH", CipherSuite.AES256_GCM, 10, "x"));
            assertTrue(html.contains("Trend over the history: " + NIGHTS + " runs of mode=FIXTURE"), html);
            assertEquals(2, html.split("class=\"trend-chart\"").length - 1, "latency and throughput");
            assertTrue(html.contains("data-series=\"READ p99\"") && html.contains("data-series=\"WRITE ops/s\""), html);
            assertTrue(html.contains("<g data-band=\"READ p50 +") && html.contains("<g data-band=\"READ ops/s -"),
                    "the change points of the lines that changed: " + html);
            assertEquals("", trends.html(SampleResults.result(FIRST_NIGHT, "MINIO", CipherSuite.AES256_GCM, 10, "x")),
                    "no history of MINIO: nothing to show");
        }
    }

    @Test
    void aKdfIterationsChangeBetweenRunsOfOneCommitIsAnotherSeriesNotARegression() throws Exception {
        Path results = folder.resolve("kdf");
        Random random = new Random(5);
        for (int night = 0; night < 2 * KDF_RUNS; night++) {
            int kdfIterations = night < KDF_RUNS ? 1000 : 210_000;
            double readMillis = (night < KDF_RUNS ? 10 : 14) * (1 + 0.03 * random.nextGaussian());
            RunResult result = SampleResults.result(night(night), "CEPH", CipherSuite.AES256_GCM, readMillis, "one-commit");
            new JsonReportWriter(Files.createDirectories(results.resolve("night-" + night)).resolve("r.json"))
                    .write(SampleResults.withEngine(result, new EngineDescription("VAULTLOAD", CipherSuite.AES256_GCM,
                            "X25519", kdfIterations)));
        }
        Path history = folder.resolve("kdf.db");
        assertEquals(0, history("add", results.toString(), "--url", history.toString()).exitCode());

        Outcome check = history("check", "--metric", "READ p99", "--url", history.toString());
        assertEquals(0, check.exitCode(), check.out());
        assertEquals("0 change points in 2 series; 0 regressions", check.out().strip());
        assertEquals(KDF_RUNS + 1, history("list", "--where", "kdf_iterations=210000", "--url", history.toString())
                .out().strip().lines().count(), "a header and the runs at 210000 iterations");
    }

    @Test
    void aCheckWithTooFewRunsSaysSoAndExits4UnlessAnotherSeriesHadEnough() throws Exception {
        Path history = folder.resolve("short.db");
        Outcome empty = history("check", "--url", history.toString());
        assertEquals(4, empty.exitCode(), empty.out());
        assertEquals("0 change points in 0 series; 0 regressions\nno verdict: no series has the 10 runs a change point needs",
                empty.out().strip());

        Path one = folder.resolve("one.json");
        new JsonReportWriter(one).write(SampleResults.result(FIRST_NIGHT, "MINIO", CipherSuite.AES256_GCM, 10, "c"));
        history("add", one.toString(), "--url", history.toString());
        Outcome single = history("check", "--url", history.toString());
        assertEquals(4, single.exitCode(), single.out());
        String minio = "mode=FIXTURE,suite=RandomActionsOnDatasafeTest,storage=MINIO,engine=VAULTLOAD,cipher=AES256_GCM,"
                + "threads=2,file_size_kib=100,fixture=SMALL,key_pair=X25519,kdf_iterations=1000,cores=2,jdk_major=25";
        assertEquals("TOO FEW RUNS " + minio + ": 1 run (7 figures), a verdict needs 10 (5 either side of a change)\n"
                + "0 change points in 0 series; 0 regressions; 7 series with too few runs for a verdict\n"
                + "no verdict: no series has the 10 runs a change point needs", single.out().strip());
        assertTrue(history("check", "--per", "day", "--url", history.toString()).out()
                .startsWith("TOO FEW DAYS " + minio + ", per day (median): 1 day (7 figures)"));

        history("add", nightlyResults().toString(), "--url", history.toString());
        Outcome mixed = history("check", "--metric", "READ p99", "--url", history.toString());
        assertEquals(1, mixed.exitCode(), "the series long enough are judged as before: " + mixed.out());
        assertTrue(mixed.out().contains("REGRESSION READ p99 (ms)"), mixed.out());
        assertTrue(mixed.out().contains("TOO FEW RUNS " + minio + ": 1 run (1 figure)"), mixed.out());
        assertTrue(mixed.out().strip().endsWith(" in 2 series; 1 regressions; 1 series with too few runs for a verdict"),
                mixed.out());
    }

    @Test
    void badInputIsOneLineNamingIt() {
        Path history = folder.resolve("h.db");
        assertEquals("Invalid --metric 'READ p98': unknown metric 'p98'; expected one of p50, p75, p90, p95, p99, p99.9, "
                + "max, mean, ops/s, MiB/s, errors, errors(CLASS), kms calls/op, requests/op, cpu ms/op, rss growth",
                history("trend", "--metric", "READ p98", "--url", history.toString()).err().strip());
        assertTrue(history("check", "--since", "yesterday", "--url", history.toString()).err()
                .startsWith("Invalid --since 'yesterday': expected a date"));
        assertEquals("Invalid --per 'week': expected run, commit or day",
                history("check", "--per", "week", "--url", history.toString()).err().strip());
        assertEquals("Invalid --central 'mode': expected median or mean",
                history("trend", "--metric", "READ p99", "--per", "day", "--central", "mode", "--url", history.toString())
                        .err().strip());
        assertTrue(history("list", "--where", "colour=red", "--url", history.toString()).err()
                .startsWith("Invalid --where 'colour=red': unknown field 'colour'"));
    }

    /**
     * 16 commits of GCM on CEPH, one a night, each run 3 times: 3% apart, but the first run of each cold, slower by a
     * random amount up to about twice; READs 10% slower from the 10th commit on.
     */
    private Path threeRunsACommit() throws java.io.IOException {
        Path results = folder.resolve("three-a-commit");
        Random random = new Random(COLD_RUN_SEED);
        for (int commit = 0; commit < COMMITS; commit++) {
            Path commitFolder = Files.createDirectories(results.resolve("commit-" + commit));
            for (int run = 0; run < 3; run++) {
                double cold = run == 0 ? Math.exp(0.4 * Math.abs(random.nextGaussian())) : 1;
                double readMillis = 10 * (commit >= STEPPED_FROM ? 1.1 : 1) * cold * Math.exp(0.03 * random.nextGaussian());
                new JsonReportWriter(commitFolder.resolve(run + ".json")).write(SampleResults.result(
                        night(commit).plus(Duration.ofMinutes(40L * run)), "CEPH", CipherSuite.AES256_GCM, readMillis,
                        "commit-" + commit));
            }
        }
        return results;
    }

    private static Instant night(int night) {
        return FIRST_NIGHT.plus(Duration.ofDays(night));
    }

    /** 40 nights of GCM on CEPH, READs 20% slower from night 25 on, and 40 of CBC, unchanged; 5% noise. */
    private Path nightlyResults() throws java.io.IOException {
        Path results = folder.resolve("results");
        Random random = new Random(3);
        for (int night = 0; night < NIGHTS; night++) {
            Instant startedAt = FIRST_NIGHT.plusSeconds(86_400L * night);
            for (CipherSuite cipher : List.of(CipherSuite.AES256_GCM, CipherSuite.AES256_CBC)) {
                double slower = cipher == CipherSuite.AES256_GCM && night >= SLOWER_FROM ? 1.2 : 1;
                double readMillis = 10 * slower * (1 + 0.05 * random.nextGaussian());
                Path nightFolder = Files.createDirectories(results.resolve("night-" + night));
                new JsonReportWriter(nightFolder.resolve(cipher + ".json"))
                        .write(SampleResults.result(startedAt, "CEPH", cipher, readMillis, "night-" + night));
            }
        }
        return results;
    }

    private static Outcome history(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new HistoryCommand());
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        command.setExecutionExceptionHandler((exception, failed, parsed) -> {
            failed.getErr().println(exception.getMessage());
            return 2;
        });
        int exitCode = command.execute(Stream.of(args).toArray(String[]::new));
        return new Outcome(exitCode, out.toString(), err.toString());
    }
}
