package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.parse.JsonResultReader;
import dev.vaultload.parse.LoadedResults;
import dev.vaultload.parse.ResultLoader;
import dev.vaultload.report.LifeGap;
import dev.vaultload.report.MergeSummary;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.RunJournal;
import dev.vaultload.report.RunJournalReader;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ShardRun;
import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.provider.EmbeddedS3Server;
import dev.vaultload.s3.provider.ResultsBucket;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.LatencyHistograms;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sharded runs as a batch engine starts them: shards of `vaultload run` on one embedded S3 server, their results in
 * a bucket of that server, merged by `vaultload merge`. Shards run in this JVM (each its own command line and
 * session) except the one killed mid-run, which is a process of its own.
 */
class ShardedRunTest {
    private static final String RESULTS = "s3://vaultload-results/runs/";
    private static final S3Credentials KEYS = new S3Credentials("vlshardtest", "shard-test-secret-0123456789");
    private static final List<String> SHARED = List.of("AWS_ACCESS_KEY", "AWS_SECRET_KEY", "RESULTS_S3_URL");
    private static EmbeddedS3Server server;

    @TempDir
    static Path work;

    @BeforeAll
    static void startStore() {
        server = EmbeddedS3Server.start("transient", KEYS, 0);
        server.createBucket("vaultload");
        server.createBucket("vaultload-results");
        // what the environment of every shard and of the merge holds
        System.setProperty("AWS_ACCESS_KEY", KEYS.accessKeyId());
        System.setProperty("AWS_SECRET_KEY", KEYS.secretKey());
        System.setProperty("RESULTS_S3_URL", server.endpoint().toString());
    }

    @AfterAll
    static void stopStore() {
        SHARED.forEach(System::clearProperty);
        server.close();
    }

    @Test
    void threeShardsMergeExactlyAndAReusedRunIdIsRefused() throws Exception {
        Instant startAt = Instant.now().plusSeconds(4);
        // passes for 12 s: a shard ends with the pass under way when the time is up, so its replay is up to a pass
        // (about 2 s here) longer than another's; over 5 s that alone took the overlap below 80% (76% seen)
        List<Outcome> shards = runShards("t1", 3, startAt, "1", "12s", 0, 1, 2);
        shards.forEach(shard -> assertEquals(0, shard.exitCode, shard::toString));

        Path merged = work.resolve("t1-merged");
        Set<Path> scratchBefore = mergeCopies();
        Outcome merge = cli("merge", RESULTS + "t1", "--out", merged.toString());
        assertEquals(0, merge.exitCode, merge::toString);
        assertEquals(scratchBefore, mergeCopies(), "the merge removes its copy of the bucket's results");
        assertTrue(merge.out.contains("complete, shards [0, 1, 2] of 3, 3 threads in all"), merge.out);

        List<RunResult> shardResults = new ArrayList<>();
        List<Path> shardLogs = new ArrayList<>();
        for (int index = 0; index < 3; index++) {
            Path json = only(work.resolve("reports/t1/shard-" + index), ".json");
            shardResults.add(JsonResultReader.runResult(json));
            shardLogs.add(only(json.getParent(), ".hlog"));
        }
        RunResult result = JsonResultReader.runResult(only(merged, ".json"));
        assertEquals(MergeSummary.COMPLETE, result.merge().status());
        assertEquals(3, result.setup().threads());
        // no shard replays before START_AT; all start at their barrier's common start, never before START_AT
        for (RunResult shard : shardResults) {
            assertTrue(shard.shard().replayStartEpochMillis() >= startAt.toEpochMilli(), () -> "started before START_AT: "
                    + shard.shard());
            assertEquals(shardResults.getFirst().shard().startAt(), shard.shard().startAt());
        }
        assertTrue(result.merge().overlap().synchronous(), result.merge()::toString);

        Map<String, Histogram> recorded = everyRecordedValue(shardLogs);
        for (OperationStatistics operation : result.operations()) {
            long shardsCount = shardResults.stream().flatMap(shard -> shard.operations().stream())
                    .filter(each -> each.type() == operation.type()).mapToLong(OperationStatistics::count).sum();
            long shardsBytes = shardResults.stream().flatMap(shard -> shard.operations().stream())
                    .filter(each -> each.type() == operation.type()).mapToLong(OperationStatistics::transferredBytes).sum();
            assertEquals(shardsCount, operation.count(), operation.type() + " count");
            assertEquals(shardsBytes, operation.transferredBytes(), operation.type() + " bytes");
            Histogram all = recorded.get(operation.type().name());
            assertEquals(all.getTotalCount(), operation.count(), operation.type() + " in the interval logs");
            assertEquals(OperationStatistics.percentiles(all), operation.percentileMicros(), operation.type() + " percentiles");
            assertEquals(all.getMaxValue(), operation.maxMicros(), operation.type() + " max");
        }

        // parse, compare and charts read the merged folder as they read a single run
        LoadedResults loaded = new ResultLoader().load(List.of(merged));
        assertEquals(List.of(), loaded.problems());
        assertEquals(result.operations().size(), loaded.measurements().size());
        assertEquals(0, cli("parse", "table", merged.toString()).exitCode);
        Outcome charts = cli("parse", "charts", "--out", work.resolve("charts").toString(), merged.toString());
        assertEquals(0, charts.exitCode, charts::toString);
        Outcome compare = cli("compare", merged.toString(), merged.toString());
        assertEquals(0, compare.exitCode, compare::toString);
        assertTrue(Files.isRegularFile(merged.resolve("report.html")));
        assertTrue(Files.readString(merged.resolve("statistics.log")).contains("==== Statistics for EMBEDDED with 3 threads"));

        // thresholds are judged on the merged figures; a breach exits 3 once everything is written
        Path judged = work.resolve("t1-judged");
        Outcome gated = cli("merge", RESULTS + "t1", "--out", judged.toString(), "--threshold", "READ p99 < 1us",
                "--threshold", "errors < 1%");
        assertEquals(3, gated.exitCode, gated::toString);
        assertTrue(gated.err.contains("broke its thresholds:\n  FAILED   READ p99 < 1us: measured"), gated.err);
        assertTrue(gated.out.contains("PASSED   errors < 1%"), gated.out);
        RunResult judgedResult = JsonResultReader.runResult(only(judged, ".json"));
        assertEquals(List.of("FAILED", "PASSED"), judgedResult.thresholds().stream()
                .map(verdict -> verdict.verdict().name()).toList());
        assertEquals(result.operations().stream().filter(operation -> operation.type().name().equals("READ"))
                .findFirst().orElseThrow().percentileMicros().get("99") / 1000.0, judgedResult.thresholds().getFirst().measured(),
                1e-9, "the merged p99, in ms");
        assertTrue(Files.readString(judged.resolve("report.html")).contains("THRESHOLDS BROKEN"));
        Outcome refused = cli("merge", RESULTS + "t1", "--out", work.resolve("t1-refused").toString(), "--threshold", "READ p98 < 1ms");
        assertEquals(2, refused.exitCode, refused::toString);
        assertTrue(refused.err.startsWith("vaultload: Invalid threshold 'READ p98 < 1ms' in --threshold"), refused.err);
        assertTrue(Files.notExists(work.resolve("t1-refused")), "refused before it merged");

        Outcome again = runShards("t1", 3, Instant.now(), 0).getFirst();
        assertEquals(2, again.exitCode, again::toString);
        // its journals make it a restart of shard 0, which ended: refused as such
        assertTrue(again.err.strip().endsWith("RUN_ID already has finished results for this shard at " + RESULTS
                + "t1/shard-0/ (done): choose a new RUN_ID"), again.err);
    }

    @Test
    void aStartAtInThePastGivesWayToTheBarrierAndAKilledShardMakesThePartialResult() throws Exception {
        Process killed = shardProcess("t2", 2, 3);
        Instant startAt = Instant.now().minusSeconds(10);
        List<Outcome> shards = runShards("t2", 3, startAt, 0, 1);
        shards.forEach(shard -> assertEquals(0, shard.exitCode, shard::toString));
        // killed mid-run: users created (its interval log exists), replay under way, nothing published
        Path killedLog = work.resolve("reports/t2/shard-2");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (System.nanoTime() < deadline && !hasFile(killedLog, ".hlog")) {
            Thread.sleep(100);
        }
        assertTrue(hasFile(killedLog, ".hlog"), "the killed shard got under way");
        killed.destroyForcibly().waitFor();

        Path merged = work.resolve("t2-merged");
        Outcome merge = cli("merge", RESULTS + "t2", "--out", merged.toString());
        assertEquals(1, merge.exitCode, merge::toString);
        assertTrue(merge.err.contains("merge of t2 is partial: shards [0, 1] of 3 contributed; missing {2=no results: killed"),
                merge.err);
        RunResult result = JsonResultReader.runResult(only(merged, ".json"));
        assertEquals(MergeSummary.PARTIAL, result.merge().status());
        assertEquals(List.of(0, 1), result.merge().contributingShards());
        // the shards met at their barrier, which replaced the START_AT long past: none was late for the common start
        result.merge().shards().forEach(shard -> assertTrue(shard.startLatenessMillis() < 1000, shard::toString));
        assertTrue(Instant.parse(result.merge().startAt()).isAfter(startAt.plusSeconds(10)), result.merge().startAt());
    }

    @Test
    void everyCombinationStartsTogetherAtTheShardsBarrier() throws Exception {
        Instant startAt = Instant.now().plusSeconds(2);
        List<Outcome> shards = runShards("t3", 3, startAt, "1,2", "1", 0, 1, 2);
        shards.forEach(shard -> assertEquals(0, shard.exitCode, shard::toString));

        Map<Integer, List<ShardRun>> bySize = new TreeMap<>();
        for (int index = 0; index < 3; index++) {
            for (Path json : filesEndingWith(work.resolve("reports/t3/shard-" + index), ".json")) {
                RunResult result = JsonResultReader.runResult(json);
                bySize.computeIfAbsent(result.setup().fileSizeKib(), size -> new ArrayList<>()).add(result.shard());
            }
        }
        assertEquals(Set.of(1, 2), bySize.keySet());
        long previousEndMillis = startAt.toEpochMilli();
        for (List<ShardRun> combination : bySize.values()) {
            assertEquals(3, combination.size());
            Instant common = Instant.parse(combination.getFirst().startAt());
            assertTrue(common.toEpochMilli() >= previousEndMillis, () -> "a combination started before the one before"
                    + " it ended, or before START_AT: " + combination);
            for (ShardRun shard : combination) {
                assertEquals(common.toString(), shard.startAt(), "one start for every shard: " + combination);
                long afterMillis = shard.replayStartEpochMillis() - common.toEpochMilli();
                assertTrue(afterMillis >= 0 && afterMillis < 500, () -> "replay began " + afterMillis + " ms after the"
                        + " common start: " + shard);
                assertTrue(shard.readyEpochMillis() <= common.toEpochMilli(), () -> "ready after the start: " + shard);
            }
            previousEndMillis = combination.stream().mapToLong(ShardRun::replayEndEpochMillis).max().orElseThrow();
        }
    }

    /**
     * Shard 1 of 2, in a process of its own, SIGKILLed mid-soak in the first of two combinations once it journaled a
     * pass, then started again with the same RUN_ID and SHARD_INDEX: it checks what its dead life acknowledged, soaks
     * what is left of the combination alone (shard 0 waits at the next barrier) and meets shard 0 at the second
     * combination's barrier. Every shard contributes to the merge, which names the restart; the next combination's
     * merge is complete (synchronized).
     */
    @Test
    void aShardKilledMidSoakResumesWithItsRunIdAndRejoinsAtTheNextBarrier() throws Exception {
        Instant startAt = Instant.now();
        Path folder = work.resolve("reports/t4/shard-1");
        Process first = shardProcess("t4", 1, 2, startAt, "6s", "1,2");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        RunJournalReader.Journal dead;
        try {
            Future<Outcome> shard0 = pool.submit(() -> cli(shardArgs("t4", 0, 2, startAt, "6s", "1,2")
                    .toArray(String[]::new)));
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (System.nanoTime() < deadline && !hasFile(folder, RunJournal.SUFFIX)) {
                    Thread.sleep(100);
                }
                dead = new JournaledSoak(folder).await(first, journal -> journal.lastPass().isPresent(),
                        Duration.ofSeconds(60));
            } finally {
                first.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            Outcome resumed = cli(shardArgs("t4", 1, 2, startAt, "6s", "1,2").toArray(String[]::new));
            assertEquals(0, resumed.exitCode, resumed::toString);
            assertEquals(0, shard0.get(120, TimeUnit.SECONDS).exitCode);
        } finally {
            pool.shutdownNow();
        }

        // the gap is left out of the killed combination's overlap: against a 6 s soak, it may leave under 80% of it
        Path merged = work.resolve("t4-merged");
        Outcome merge = cli("merge", RESULTS + "t4", "--out", merged.toString(), "--accept-unsynchronized");
        assertEquals(0, merge.exitCode, merge::toString);
        assertTrue(merge.out.contains("shard 1 restarted once, gap "), merge.out);
        Map<Integer, RunResult> bySize = new TreeMap<>();
        for (Path json : filesEndingWith(merged, ".json")) {
            RunResult result = JsonResultReader.runResult(json);
            bySize.put(result.setup().fileSizeKib(), result);
        }
        assertEquals(Set.of(1, 2), bySize.keySet());
        assertEquals(MergeSummary.COMPLETE, bySize.get(2).merge().status(), bySize.get(2).merge()::toString);
        for (RunResult result : bySize.values()) {
            assertTrue(Set.of(MergeSummary.COMPLETE, MergeSummary.UNSYNCHRONIZED).contains(result.merge().status()),
                    result.merge()::toString);
            assertEquals(List.of(0, 1), result.merge().contributingShards());
            assertEquals(Map.of(), result.merge().missingShards());
            assertEquals(0L, result.errors().getOrDefault(ErrorClass.LOST, 0L), () -> "no LOST: " + result.failures());
            assertEquals(0L, result.errors().getOrDefault(ErrorClass.INTEGRITY, 0L), () -> "no INTEGRITY: " + result.failures());
        }
        // the killed combination: shard 1's one gap, from where its dead life's figures end, in the merge and its timing
        MergeSummary killed = bySize.get(1).merge();
        List<LifeGap> gaps = killed.shards().stream().filter(shard -> shard.index() == 1).findFirst().orElseThrow().gaps();
        assertEquals(1, gaps.size(), killed::toString);
        assertEquals(dead.endEpochMillis(), gaps.getFirst().endedAtEpochMillis());
        assertEquals(gaps, bySize.get(1).timing().gaps());
        assertTrue(killed.shards().stream().filter(shard -> shard.index() == 0).allMatch(shard -> shard.gaps().isEmpty()));
        // the next combination: both shards met at its barrier and started together
        List<ShardRun> next = new ArrayList<>();
        for (int index = 0; index < 2; index++) {
            for (Path json : filesEndingWith(work.resolve("reports/t4/shard-" + index), ".json")) {
                RunResult result = JsonResultReader.runResult(json);
                if (result.setup().fileSizeKib() == 2) {
                    next.add(result.shard());
                    assertEquals(List.of(), result.timing().gaps());
                }
            }
        }
        assertEquals(2, next.size());
        assertTrue(next.getFirst().startAt() != null && next.getFirst().startAt().equals(next.get(1).startAt()),
                next::toString);
        next.forEach(shard -> assertTrue(shard.replayStartEpochMillis() - Instant.parse(shard.startAt()).toEpochMilli()
                < 500, shard::toString));
        // every operation of both lives, and no more, in the results and the merge: the .hlogs' counts
        for (RunResult result : bySize.values()) {
            List<Path> logs = new ArrayList<>();
            for (int index = 0; index < 2; index++) {
                for (Path json : filesEndingWith(work.resolve("reports/t4/shard-" + index), ".json")) {
                    RunResult shard = JsonResultReader.runResult(json);
                    if (shard.setup().fileSizeKib() == result.setup().fileSizeKib()) {
                        Path hlog = ReportFiles.histogramLogBeside(json);
                        logs.add(hlog);
                        Map<String, Long> counts = shard.operations().stream().collect(Collectors.toMap(operation ->
                                operation.type().name(), OperationStatistics::count, Long::sum, TreeMap::new));
                        assertEquals(JournaledSoak.countsUpTo(hlog, Long.MAX_VALUE - 1), counts, hlog::toString);
                    }
                }
            }
            Map<String, Histogram> recorded = everyRecordedValue(logs);
            for (OperationStatistics operation : result.operations()) {
                assertEquals(recorded.get(operation.type().name()).getTotalCount(), operation.count(),
                        operation.type() + " in the interval logs");
            }
        }
    }

    /**
     * Shard 1 of 2, in a process of its own, SIGKILLed at its first barrier (its users created, shard 0 not started
     * yet: no replay), then started again beside shard 0: it starts the combination over, which leaves no gap in its
     * figures, and the merge still names the restart, from where the dead life's journal ends.
     */
    @Test
    void aShardKilledBeforeItsFirstReplayIsNamedRestartedByTheMerge() throws Exception {
        Process first = shardProcess("t5", 1, 2, Instant.now(), "1", "1");
        try (ResultsBucket results = ResultsBucket.open("vaultload-results", System::getProperty)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline && !atBarrier(results, "runs/t5/", 1)) {
                assertTrue(first.isAlive(), "shard 1 ended before its barrier");
                Thread.sleep(100);
            }
            assertTrue(atBarrier(results, "runs/t5/", 1), "shard 1 came to its first barrier within 60 s");
        } finally {
            first.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        RunJournalReader.Journal dead = RunJournalReader.read(only(work.resolve("reports/t5/shard-1"), RunJournal.SUFFIX));
        assertFalse(dead.replayed(), "killed before its replay began");

        List<Outcome> shards = runShards("t5", 2, Instant.now(), 0, 1);
        shards.forEach(shard -> assertEquals(0, shard.exitCode, shard::toString));
        // shard 0 found shard 1's ready of its dead life and started without it: the one short pass may not overlap
        Path merged = work.resolve("t5-merged");
        Outcome merge = cli("merge", RESULTS + "t5", "--out", merged.toString(), "--accept-unsynchronized");
        assertEquals(0, merge.exitCode, merge::toString);
        assertTrue(merge.out.contains("shard 1 restarted once before its replay began, "), merge.out);
        MergeSummary summary = JsonResultReader.runResult(only(merged, ".json")).merge();
        assertEquals(List.of(0, 1), summary.contributingShards());
        MergeSummary.Shard restarted = summary.shards().stream().filter(shard -> shard.index() == 1).findFirst()
                .orElseThrow();
        assertEquals(List.of(), restarted.gaps(), "no gap in what was measured");
        assertEquals(1, restarted.restartsBeforeReplay().size(), restarted::toString);
        assertEquals(dead.endEpochMillis(), restarted.restartsBeforeReplay().getFirst().endedAtEpochMillis());
        assertTrue(summary.shards().stream().filter(shard -> shard.index() == 0)
                .allMatch(shard -> shard.restartsBeforeReplay().isEmpty()), summary::toString);
    }

    /** Whether shard {@code index} wrote its ready at a barrier of the run under {@code runKey}. */
    private static boolean atBarrier(ResultsBucket results, String runKey, int index) {
        try (Stream<String> keys = results.store().list(runKey + "barrier/")) {
            return keys.anyMatch(key -> key.endsWith("/ready-" + index));
        }
    }

    /** Runs shards of a run side by side in this JVM. */
    private static List<Outcome> runShards(String runId, int count, Instant startAt, int... indexes) throws Exception {
        return runShards(runId, count, startAt, "1", "1", indexes);
    }

    /**
     * Runs shards of a run side by side in this JVM, each over the document sizes {@code fileSizes}, for
     * {@code duration} ("1": one pass).
     */
    private static List<Outcome> runShards(String runId, int count, Instant startAt, String fileSizes, String duration,
                                           int... indexes) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(indexes.length);
        try {
            List<Future<Outcome>> futures = new ArrayList<>();
            for (int index : indexes) {
                futures.add(pool.submit(() -> cli(shardArgs(runId, index, count, startAt, duration, fileSizes)
                        .toArray(String[]::new))));
            }
            List<Outcome> outcomes = new ArrayList<>();
            for (Future<Outcome> future : futures) {
                outcomes.add(future.get(120, TimeUnit.SECONDS));
            }
            return outcomes;
        } finally {
            pool.shutdownNow();
        }
    }

    /** A shard in a process of its own that runs long enough to be killed mid-run. */
    private static Process shardProcess(String runId, int index, int count) throws Exception {
        return shardProcess(runId, index, count, Instant.now(), "60s", "1");
    }

    /** A shard in a process of its own, to be killed; its output in {@code killed-RUN_ID.log}. */
    private static Process shardProcess(String runId, int index, int count, Instant startAt, String duration,
                                        String fileSizes) throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(), "-cp",
                System.getProperty("java.class.path"), "-Djava.awt.headless=true", VaultloadCli.class.getName()));
        command.addAll(shardArgs(runId, index, count, startAt, duration, fileSizes));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve("killed-" + runId + ".log").toFile());
        Map<String, String> environment = builder.environment();
        SHARED.forEach(name -> environment.put(name, System.getProperty(name)));
        return builder.start();
    }

    private static List<String> shardArgs(String runId, int index, int count, Instant startAt, String duration,
                                          String fileSizes) {
        List<String> args = new ArrayList<>(List.of("run", "--STORAGE_PROVIDERS", "EMBEDDED",
                "--EMBEDDED_S3_URL", server.endpoint().toString(), "--THREADS", "1", "--FILE_SIZES", fileSizes,
                "--BARRIER_TIMEOUT", "90s",
                "--KDF_ITERATIONS", "1000", "--PERIOD", "200ms", "--WARMUP", "0",
                "--REPORT_DIR", work.resolve("reports").toString(), "--RESULTS_URL", RESULTS.replaceAll("/$", ""),
                "--RUN_ID", runId, "--SHARD_INDEX", Integer.toString(index), "--SHARD_COUNT", Integer.toString(count),
                "--START_AT", startAt.toString()));
        if (!duration.equals("1")) {
            args.addAll(List.of("--DURATION", duration, "--ERROR_MODE", "CONTINUE"));
        }
        return args;
    }

    /** One histogram per operation of every value the shards recorded, from their interval logs. */
    private static Map<String, Histogram> everyRecordedValue(List<Path> logs) throws Exception {
        Map<String, Histogram> all = new HashMap<>();
        for (Path log : logs) {
            try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
                for (EncodableHistogram interval = reader.nextIntervalHistogram(); interval != null;
                     interval = reader.nextIntervalHistogram()) {
                    all.computeIfAbsent(interval.getTag(), tag -> LatencyHistograms.histogram()).add((Histogram) interval);
                }
            }
        }
        return all;
    }

    private static Path only(Path folder, String suffix) throws Exception {
        List<Path> matching = filesEndingWith(folder, suffix);
        assertEquals(1, matching.size(), () -> folder + ": " + matching);
        return matching.getFirst();
    }

    private static List<Path> filesEndingWith(Path folder, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.toString().endsWith(suffix)).sorted().toList();
        }
    }

    private static boolean hasFile(Path folder, String suffix) throws Exception {
        if (!Files.isDirectory(folder)) {
            return false;
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.anyMatch(file -> file.toString().endsWith(suffix));
        }
    }

    private static Outcome cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var commandLine = VaultloadCli.commandLine(StorageProviders::named, new LiveProgress(false));
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Outcome(exitCode, out.toString(), err.toString());
    }

    private record Outcome(int exitCode, String out, String err) {
    }

    /** The temporary copies `vaultload merge` makes of an s3:// run. */
    private static Set<Path> mergeCopies() throws IOException {
        try (Stream<Path> scratch = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return scratch.filter(path -> path.getFileName().toString().startsWith("vaultload-merge-"))
                    .collect(Collectors.toSet());
        }
    }
}
