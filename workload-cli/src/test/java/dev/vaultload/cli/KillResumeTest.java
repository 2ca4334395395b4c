package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vaultload.parse.JsonResultReader;
import dev.vaultload.report.Failure;
import dev.vaultload.report.JournalEvent;
import dev.vaultload.report.LifeGap;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.RunJournal;
import dev.vaultload.report.RunJournalReader;
import dev.vaultload.report.RunResult;
import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.provider.EmbeddedS3Server;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A soak on a real MinIO killed with SIGKILL after it journaled its first pass, one of that pass's acknowledged objects
 * deleted from outside, then the same RUN_ID started again: it checks the dead process's ledger first, reports the
 * deleted object LOST with its store key, soaks on, and writes one result over both lives with the gap named, whose
 * counts are the .hlog's. A resume under another configuration is refused in one line before it runs. A process of
 * several combinations started again skips those its dead life finished, and only with the settings they ran with.
 */
class KillResumeTest {
    private static final String RUN_ID = "resume-test";
    private static final List<String> SOAK = List.of("--STORAGE_PROVIDERS", "MINIO", "--THREADS", "2", "--FILE_SIZES",
            "100", "--KDF_ITERATIONS", "1000", "--DURATION", "30s", "--PERIOD", "1s", "--WARMUP", "0s", "--ERROR_MODE",
            "CONTINUE", "--RUN_ID", RUN_ID);

    @TempDir
    Path reports;

    @Test
    void aResumedSoakChecksWhatTheDeadProcessAcknowledgedAndCoversBothLives() throws Exception {
        try (StorageProvider minio = startMinio()) {
            Map<String, String> access = minio.directAccess();
            Map<String, String> environment = Map.of("MINIO_URL", access.get("AWS_URL"), "AWS_ACCESS_KEY",
                    access.get("AWS_ACCESS_KEY"), "AWS_SECRET_KEY", access.get("AWS_SECRET_KEY"), "AWS_BUCKET",
                    access.get("AWS_BUCKET"));
            JournaledSoak soaks = new JournaledSoak(reports);
            Process first = soaks.start(SOAK, environment, reports.resolveSibling(reports.getFileName() + "-first.log"));
            try {
                // its first pass is journaled well within its 30 s
                soaks.await(first, journal -> journal.lastPass().isPresent(), Duration.ofSeconds(20));
            } finally {
                first.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            RunJournalReader.Journal dead = RunJournalReader.read(soaks.only(RunJournal.SUFFIX));
            JournalEvent.LedgerEntry deleted = dead.lastPass().orElseThrow().ledger().stream()
                    .filter(entry -> entry.storeKey() != null && !entry.mayBeAbsent()).findFirst()
                    .orElseThrow(() -> new AssertionError("no acknowledged object in the last pass's ledger"));
            try (BlobStore bucket = minio.openBucket(access.get("AWS_BUCKET"))) {
                bucket.delete(deleted.storeKey());
            }
            String refused = refusedUnderAnotherDuration(access);
            assertTrue(refused.startsWith("vaultload: Invalid RUN_ID='" + RUN_ID + "': " + dead.file())
                    && refused.contains("belongs to another configuration (DURATION (ms) 30000, not 15000)")
                    && refused.strip().lines().count() == 1, refused);

            Process resumed = soaks.start(SOAK, environment, reports.resolveSibling(reports.getFileName() + "-resumed.log"));
            assertTrue(resumed.waitFor(180, TimeUnit.SECONDS), "the resumed soak ends within 3 minutes");

            assertEquals(ExitCodes.FAILED, resumed.exitValue(), "the deleted object fails the run");
            ReportFiles files = new ReportFiles(reports, ReportFiles.baseNameOfJournal(dead.file()));
            RunResult result = JsonResultReader.runResult(files.json());
            List<Failure> lost = result.failures().stream().filter(failure -> failure.errorClass() == ErrorClass.LOST)
                    .toList();
            // reported by the check of the dead process's ledger, and again by the pass's last validation before deletion
            assertTrue(!lost.isEmpty() && lost.stream().allMatch(failure -> failure.storeObject() != null
                    && failure.storeObject().contains(deleted.storeKey())), () -> "LOST naming " + deleted.storeKey()
                    + " and nothing else: " + result.failures());
            assertEquals(0L, result.errors().get(ErrorClass.INTEGRITY), () -> "nothing else: " + result.failures());

            List<LifeGap> gaps = result.timing().gaps();
            assertEquals(1, gaps.size(), () -> "one gap: " + gaps);
            assertEquals(dead.endEpochMillis(), gaps.getFirst().endedAtEpochMillis());
            assertTrue(result.timing().passes() > dead.passesFinished(), "the soak went on after the resumption");
            Map<String, Long> counts = result.operations().stream().collect(Collectors.toMap(operation ->
                    operation.type().name(), OperationStatistics::count, Long::sum, TreeMap::new));
            assertEquals(JournaledSoak.countsUpTo(files.histogramLog(), Long.MAX_VALUE - 1), counts,
                    "the result counts every life's periods in the .hlog");
            Map<String, Long> deadCounts = JournaledSoak.countsUpTo(files.histogramLog(), dead.endEpochMillis());
            assertTrue(deadCounts.getOrDefault("WRITE", 0L) > 0 && counts.get("WRITE") > deadCounts.get("WRITE"),
                    () -> "both lives wrote: " + deadCounts + " then " + counts);
            assertTrue(Files.readString(files.histogramLog()).contains("#gap: " + gaps.getFirst().endedAtEpochMillis()));
            assertTrue(Files.readString(reports.resolve("report.html")).contains("until resumed, left out of throughput"));
            assertTrue(RunJournalReader.read(files.journal()).finished(), "the resumed process finished the journal");
        }
    }

    /**
     * A pass is in the journal as soon as it ends, not with the next period (30 s here): the next pass writes only after
     * it, so a process killed as pass N+1 begins leaves a journal naming pass N, and the process resuming it deletes
     * what N+1 wrote before it replays there. A pass journaled with the period let a resumed run replay into the objects
     * of a pass its dead life had begun and read them as INTEGRITY failures.
     */
    @Test
    void aPassIsJournaledAsSoonAsItEnds() throws Exception {
        JournaledSoak soaks = new JournaledSoak(reports);
        Process soak = soaks.start(List.of("--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "1", "--FILE_SIZES", "4096",
                "--KDF_ITERATIONS", "1000", "--DURATION", "60s", "--PERIOD", "30s", "--WARMUP", "0s", "--RUN_ID",
                "pass-journal"), Map.of(), reports.resolveSibling(reports.getFileName() + "-pass-journal.log"));
        try {
            RunJournalReader.Journal journal = soaks.await(soak, read -> read.lastPass().isPresent(), Duration.ofSeconds(20));
            assertTrue(journal.lastPeriod().isEmpty(), "journaled before the first period's flush");
        } finally {
            soak.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * A single process (no SHARD_COUNT) of two combinations on an embedded S3 server of this JVM, SIGKILLed in the
     * second once its replay began, then started again with its RUN_ID: it takes the first combination from its
     * dead life (its result left as it was, its verdict counted) instead of running it again, and resumes the second.
     */
    @Test
    void aProcessStartedAgainSkipsTheCombinationsItsDeadLifeFinished() throws Exception {
        S3Credentials keys = new S3Credentials("vlresumetest", "resume-test-secret-0123456789");
        try (EmbeddedS3Server server = EmbeddedS3Server.start("transient", keys, 0)) {
            server.createBucket("vaultload");
            List<String> soak = List.of("--STORAGE_PROVIDERS", "EMBEDDED", "--EMBEDDED_S3_URL",
                    server.endpoint().toString(), "--THREADS", "1", "--FILE_SIZES", "1,2", "--KDF_ITERATIONS", "1000",
                    "--DURATION", "2s", "--PERIOD", "200ms", "--WARMUP", "0s", "--ERROR_MODE", "CONTINUE",
                    "--CRYPTO_CEILING", "false", "--RUN_ID", "resume-matrix");
            Map<String, String> environment = Map.of("AWS_ACCESS_KEY", keys.accessKeyId(), "AWS_SECRET_KEY",
                    keys.secretKey());
            JournaledSoak soaks = new JournaledSoak(reports);
            Process first = soaks.start(soak, environment, reports.resolveSibling(reports.getFileName() + "-first.log"));
            try {
                // at once: its 2 s of replay leave the kill time to land before the combination ends
                soaks.await(first, journal -> journal.start().setup().fileSizeKib() == 2
                        && journal.replay().isPresent(), Duration.ofSeconds(90));
            } finally {
                first.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            List<Path> deadJson = soaks.all(".json");
            assertEquals(1, deadJson.size(), () -> "the first combination's result only: " + deadJson);
            byte[] firstResult = Files.readAllBytes(deadJson.getFirst());

            Path log = reports.resolveSibling(reports.getFileName() + "-again.log");
            Process again = soaks.start(soak, environment, log);
            assertTrue(again.waitFor(90, TimeUnit.SECONDS), "the process started again ends within 90 s");
            String console = Files.readString(log);
            assertEquals(ExitCodes.OK, again.exitValue(), console);
            assertTrue(console.contains("EMBEDDED 1 threads 1 Kb: taken from an earlier life of this run (passed"),
                    console);
            assertTrue(console.strip().lines().toList().getLast().startsWith(
                    "PASSED: 1 result; 1 combination taken from an earlier life"), console);
            assertEquals(2, soaks.all(RunJournal.SUFFIX).size(), "no journal of a combination run again");
            List<Path> results = soaks.all(".json");
            assertEquals(2, results.size(), results::toString);
            assertTrue(Arrays.equals(firstResult, Files.readAllBytes(deadJson.getFirst())),
                    "the earlier life's result is left as it was");
            RunResult resumed = JsonResultReader.runResult(results.stream().filter(json -> !json.equals(deadJson.getFirst()))
                    .findFirst().orElseThrow());
            assertEquals(2, resumed.setup().fileSizeKib());
            assertEquals(1, resumed.timing().gaps().size(), () -> "the second combination resumed: " + resumed.timing());

            // a finished combination is taken only into the run it belongs to
            List<String> longer = new ArrayList<>(soak);
            longer.set(longer.indexOf("2s"), "3s");
            longer.addAll(List.of("--REPORT_DIR", reports.toString()));
            longer.addFirst("run");
            InProcessCli.Outcome refused = InProcessCli.execute(StorageProviders::named, longer);
            assertEquals(ExitCodes.BAD_INPUT, refused.exitCode(), refused::err);
            assertTrue(refused.err().startsWith("vaultload: Invalid RUN_ID='resume-matrix': " + reports)
                    && refused.err().contains("belongs to another configuration (DURATION (ms) 2000, not 3000)")
                    && refused.err().strip().lines().count() == 1, refused.err());
        }
    }

    /** The same RUN_ID with DURATION 15s instead of 30s, in this JVM: refused before anything starts. */
    private String refusedUnderAnotherDuration(Map<String, String> access) {
        List<String> args = new ArrayList<>(SOAK);
        args.set(args.indexOf("30s"), "15s");
        args.addAll(List.of("--REPORT_DIR", reports.toString(), "--MINIO_URL", access.get("AWS_URL"), "--AWS_BUCKET",
                access.get("AWS_BUCKET")));
        args.addFirst("run");
        InProcessCli.Outcome outcome = InProcessCli.execute(StorageProviders::named, args);
        assertEquals(ExitCodes.BAD_INPUT, outcome.exitCode(), outcome::err);
        return outcome.err();
    }

    /** A MinIO of this test's own, on free ports of 127.0.0.1, which outlives both soak processes. */
    private static StorageProvider startMinio() {
        Map<String, String> settings = new HashMap<>();
        Optional.ofNullable(System.getenv("MINIO_BINARY")).ifPresent(binary -> settings.put("MINIO_BINARY", binary));
        try {
            return StorageProviders.named("MINIO").start(settings::get);
        } catch (IllegalArgumentException noServer) {
            assumeTrue(false, "no MinIO to start (scripts/start-minio.sh binary builds one): " + noServer.getMessage());
            throw noServer;
        }
    }
}
