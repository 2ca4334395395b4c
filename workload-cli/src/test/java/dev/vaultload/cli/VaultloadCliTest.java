package dev.vaultload.cli;

import static dev.vaultload.cli.InProcessCli.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.cli.InProcessCli.Outcome;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobOutputStream;
import dev.vaultload.storage.ForwardingBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviderFactory;
import dev.vaultload.storage.StorageProviders;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VaultloadCliTest {
    /** Cheap keystores and 1 KiB documents in memory: the CLI's path end to end in a second or two. */
    private static final List<String> SMALL_RUN = List.of("--storage-providers", "MEMORY", "--file-sizes", "1",
            "--KDF_ITERATIONS", "1000");

    @TempDir
    Path reports;

    private Outcome run(String... args) {
        return execute(StorageProviders::named, Stream.concat(Stream.concat(Stream.of("run"), SMALL_RUN.stream()),
                Stream.concat(Stream.of("--report-dir", reports.toString()), Stream.of(args))).toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "generate", "parse", "compare", "parse table", "history", "history check", "merge",
            "fixture import", "summary", "cluster run"})
    void everySubcommandHasHelp(String subcommand) {
        // picocli's own warnings (a description it cannot format) go to System.err, past the command's writer
        PrintStream systemErr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        Outcome outcome;
        try {
            System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
            outcome = execute(StorageProviders::named,
                    Stream.concat(Stream.of(subcommand.split(" ")), Stream.of("--help")).toList());
        } finally {
            System.setErr(systemErr);
        }

        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().startsWith("Usage: vaultload " + subcommand), outcome.out());
        assertFalse(warnings.toString(StandardCharsets.UTF_8).contains("picocli WARN"), warnings::toString);
    }

    @Test
    void aFixtureRunThatPassesExitsZero() {
        Outcome outcome = run("--threads", "2");

        assertEquals(0, outcome.exitCode(), outcome.err());
    }

    @Test
    void aBadSettingExitsTwoWithOneLineNamingItAndWhatItAccepts() {
        Outcome outcome = run("--THREADS", "two");

        assertEquals(2, outcome.exitCode());
        assertEquals("vaultload: Invalid THREADS='two': expected a comma-separated list of positive integers, e.g. 2,4,8",
                outcome.err().strip());
    }

    @Test
    void aBadModeExitsTwoNamingTheSetting() {
        Outcome outcome = run("--mode", "FAST");

        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("Invalid MODE='FAST'") && outcome.err().contains("FIXTURE, HEADROOM, RATE"), outcome.err());
        assertEquals(1, outcome.err().strip().lines().count(), outcome.err());
    }

    @Test
    void rateWithoutARateExitsTwo() {
        Outcome outcome = run("--mode", "RATE");

        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("--rate"), outcome.err());
    }

    @Test
    void anErrorBudgetOutsideZeroToOneExitsTwo() {
        Outcome outcome = run("--mode", "HEADROOM", "--error-budget", "2");

        assertEquals(2, outcome.exitCode());
        assertEquals("vaultload: Invalid ERROR_BUDGET='2': expected a fraction from 0 to 1, e.g. 0.01", outcome.err().strip());
    }

    @Test
    void aReportDirectoryThatIsAFileExitsTwoBeforeTheRun() throws IOException {
        Path file = Files.writeString(reports.resolve("not-a-directory"), "x");

        Outcome outcome = execute(StorageProviders::named, List.of("run", "--storage-providers", "MEMORY",
                "--report-dir", file.toString()));

        assertEquals(2, outcome.exitCode());
        assertEquals("vaultload: Invalid REPORT_DIR='" + file + "': expected a directory, or a path where one can be made",
                outcome.err().strip());
    }

    @Test
    void parseAndCompareOfNothingExitTwo() throws IOException {
        Outcome missing = execute(StorageProviders::named, List.of("parse", "table", reports.resolve("missing").toString()));
        Outcome empty = execute(StorageProviders::named, List.of("compare",
                Files.createDirectories(reports.resolve("a")).toString(), Files.createDirectories(reports.resolve("b")).toString()));

        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().startsWith("vaultload: " + reports.resolve("missing") + ": no such file or folder; expected"),
                missing.err());
        assertEquals(2, empty.exitCode());
        assertTrue(empty.err().startsWith("vaultload: " + reports.resolve("a") + ": no results; expected JSON results"), empty.err());
    }

    @Test
    void aFixtureRunWritesItsReportPageAndParseReportRebuildsIt() throws IOException {
        Outcome outcome = run("--threads", "1");
        Path page = reports.resolve("report.html");
        assertEquals(0, outcome.exitCode(), outcome.err());
        Files.delete(page);
        Outcome rebuilt = execute(StorageProviders::named, List.of("parse", "report", reports.toString()));
        Outcome empty = execute(StorageProviders::named, List.of("parse", "report",
                Files.createDirectories(reports.resolve("empty")).toString()));

        assertTrue(outcome.out().contains("PASSED: 1 result; report: " + page), outcome.out());
        assertEquals(0, rebuilt.exitCode(), rebuilt.err());
        assertTrue(Files.readString(page).contains("MEMORY with 1 threads and 1 Kb filesize"), "the run's section");
        assertEquals(2, empty.exitCode());
        assertEquals("vaultload: " + reports.resolve("empty") + ": no run results (*.json written by a run) to report on",
                empty.err().strip());
    }

    @Test
    void aStoreThatDeletesWhatItStoresFailsTheRunWithExitOne() {
        StorageProviderFactory lossy = new LossyProviderFactory();
        Outcome outcome = execute(name -> name.equals(lossy.name()) ? lossy : StorageProviders.named(name),
                List.of("run", "--storage-providers", lossy.name(), "--threads", "1", "--file-sizes", "1",
                        "--kdf-iterations", "1000", "--report-dir", reports.toString()));

        assertEquals(1, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.err().contains("INTEGRITY"), outcome.err());
    }

    @Test
    void headroomWritesARowPerStepAndAPlotAndNamesTheKnee() throws IOException {
        Outcome outcome = run("--mode", "HEADROOM", "--min-threads", "1", "--max-threads", "3",
                "--operations-per-step", "60");

        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("knee: "), outcome.out());
        assertEquals(4, Files.readAllLines(onlyFile("-steps.csv")).size(), "a header and a row per step");
        assertEveryModeWritesTheSameFiles();
        assertTrue(Files.readString(reports.resolve("report.html")).contains("class=\"headroom\""), "the steps on the page");
        BufferedImage plot = ImageIO.read(onlyFile(".png").toFile());
        assertTrue(plot.getWidth() > 500 && plot.getHeight() > 300, "a readable plot");
        assertTrue(Files.readString(reports.resolve("report.html")).contains("src=\"data:image/png;base64,"),
                "the plot inline in the page");
    }

    @Test
    void theMultiBucketSuiteRunsFromTheCommandLineOverBucketsBuckets() throws IOException {
        Outcome outcome = run("--threads", "2", "--suite", "randomactionsonmultibuckettest", "--buckets", "2");

        assertEquals(0, outcome.exitCode(), outcome.err());
        JsonNode result = new ObjectMapper().readTree(onlyFile(".json").toFile());
        assertEquals("RandomActionsOnMultiBucketTest", result.get("suite").asText());
        JsonNode buckets = result.get("storageDetails").get("buckets");
        assertEquals(2, buckets.size(), "two buckets: " + buckets);
        assertTrue(buckets.get(0).asText().endsWith("-0") && buckets.get(1).asText().endsWith("-1"), buckets::toString);
        assertTrue(result.get("storageDetails").get("bucketOfUser").size() > 0, "the bucket of each user");
    }

    @Test
    void theSimpleAdapterSuiteRunsFromTheCommandLineOnThePrivateSpaceFixture() throws IOException {
        Outcome outcome = run("--threads", "2", "--SUITE", "RandomActionsOnSimpleDatasafeAdapterTest");

        assertEquals(0, outcome.exitCode(), outcome.err());
        JsonNode result = new ObjectMapper().readTree(onlyFile(".json").toFile());
        assertEquals("RandomActionsOnSimpleDatasafeAdapterTest", result.get("suite").asText());
        List<String> types = new ArrayList<>();
        result.get("operations").forEach(operation -> types.add(operation.get("type").asText()));
        assertTrue(types.contains("WRITE") && !types.contains("SHARE"), "the simple adapter has no inbox: " + types);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--buckets 2|Invalid BUCKETS: has no effect with SUITE=RandomActionsOnDatasafeTest",
            "--min-threads 2|Invalid MIN_THREADS: has no effect on this run (--mode FIXTURE,",
            "--rate 10|Invalid RATE: has no effect on this run (--mode FIXTURE,",
            "--error-budget 0.5|Invalid ERROR_BUDGET: has no effect on this run (--mode FIXTURE,",
            "--mode HEADROOM --threads 2|Invalid THREADS: has no effect on this run (--mode HEADROOM,",
            "--mode HEADROOM --duration 10s|Invalid DURATION: has no effect on this run (--mode HEADROOM,",
            "--mode RATE --rate 10 --error-mode CONTINUE|Invalid ERROR_MODE: has no effect on this run (--mode RATE,",
            "--mode RATE --rate 10 --max-threads 4|Invalid MAX_THREADS: has no effect on this run (--mode RATE,",
            "--mode RATE --rate 10 --suite RandomActionsOnMultiBucketTest|Invalid SUITE: has no effect on this run (--mode RATE,",
            "--minio-url 127.0.0.1:9|Invalid MINIO_URL: has no effect on this run (--mode FIXTURE, STORAGE_PROVIDERS MEMORY,",
            "--inbox-key-algorithm RSA_2048 --engines SSE_C|Invalid INBOX_KEY_ALGORITHM: has no effect on this run",
            "--enable-multi-bucket-test true|Invalid ENABLE_MULTI_BUCKET_TEST: has no effect with vaultload run",
            // a typo gets the option or value meant
            "--thread 2|Unknown options: '--thread', '2'; did you mean --threads?",
            "--cipher AES256_GMC|Invalid CIPHER='AES256_GMC': expected one of [AES256_GCM, AES256_CBC, CHACHA20_POLY1305, NONE]; did you mean AES256_GCM?",
            "--mode rte|Invalid MODE='rte': expected one of [FIXTURE, HEADROOM, RATE, TRACE]; did you mean RATE?"})
    void aSettingThatTheRunWouldNotUseOrAMistypedOneIsRefusedBeforeTheRun(String args, String expected) {
        Outcome outcome = run(args.split(" "));

        assertEquals(2, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().startsWith("vaultload: " + expected), outcome.err());
        assertEquals(1, outcome.err().strip().lines().count(), outcome.err());
    }

    /** 271 lines in registry order with Markdown printed raw: now under a heading per topic, as a terminal shows text. */
    @Test
    void runHelpStandsUnderTopicsWithoutMarkdown() {
        Outcome help = execute(StorageProviders::named, List.of("run", "--help"));

        assertEquals(0, help.exitCode(), help.err());
        List<String> headings = help.out().lines().filter(line -> line.endsWith(":") && !line.startsWith(" ")).toList();
        assertEquals("The run: stores, engines, matrix, fixture, length, outputs:", headings.getFirst(), headings::toString);
        assertTrue(headings.contains("S3 stores: EMBEDDED, MINIO, CEPH, AMAZON:"), headings::toString);
        assertFalse(help.out().contains("`") || help.out().contains("]("), "no Markdown on a terminal");
        assertTrue(help.out().contains("see docs/bindings.md;"), "a link as its text");
    }

    /** REPEAT runs the whole matrix again, each run in files of its own, so that compare has runs a side. */
    @Test
    void repeatRunsEveryCombinationAgainInFilesOfItsOwn() throws IOException {
        Outcome outcome = run("--threads", "1", "--repeat", "2", "--report-formats", "json");

        assertEquals(0, outcome.exitCode(), outcome.err());
        try (Stream<Path> files = Files.list(reports)) {
            List<String> json = files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".json"))
                    .sorted().toList();
            assertEquals(2, json.size(), json::toString);
            assertTrue(json.stream().anyMatch(name -> name.contains("-1t-run2-")), json::toString);
        }
        assertTrue(outcome.out().contains("PASSED: 2 results"), outcome.out());
    }

    /** Nothing was measured: neither a failed run (1) nor bad input (2), and said without Java's class names. */
    @Test
    void aStoreThatCannotBeReachedAtTheStartExitsFive() throws IOException {
        int closedPort;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Outcome outcome = execute(StorageProviders::named, List.of("run", "--storage-providers", "MINIO", "--minio-url",
                "127.0.0.1:" + closedPort, "--aws-access-key", "vaultload", "--aws-secret-key", "not-a-real-secret",
                "--s3-max-attempts", "1", "--threads", "1", "--file-sizes", "1", "--report-dir", reports.toString()));

        assertEquals(5, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().startsWith("vaultload: MINIO: the store could not be used at the start ("), outcome.err());
        assertFalse(outcome.err().contains("dev.vaultload") || outcome.err().contains("Exception"), outcome.err());
        assertFalse(outcome.err().contains("not-a-real-secret"), outcome.err());
    }

    /** A rate the client cannot keep measures another load than the one asked for: the run fails and says why. */
    @Test
    void aRateRunFarBelowItsDueRateFailsNamingTheShortfall() throws IOException {
        Outcome outcome = run("--mode", "RATE", "--rate", "100000", "--threads", "1", "--duration", "1s", "--warmup", "0",
                "--report-formats", "json");

        assertEquals(1, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("below MIN_ACHIEVED_SHARE 0.9"), outcome.out());
        JsonNode result = new ObjectMapper().readTree(onlyFile(".json").toFile());
        assertTrue(result.get("rate").get("scheduleMissed").asText().startsWith("achieved "), result.get("rate").toString());
    }

    /** The mode and its settings are settings like any other: a system property (or environment variable) selects them. */
    @Test
    void aModeAndItsRateGivenAsSystemPropertiesTakeEffect() throws IOException {
        System.setProperty("MODE", "RATE");
        System.setProperty("RATE", "40");
        Outcome outcome;
        try {
            outcome = run("--threads", "2", "--duration", "1s", "--warmup", "0", "--report-formats", "json");
        } finally {
            System.clearProperty("MODE");
            System.clearProperty("RATE");
        }

        assertEquals(0, outcome.exitCode(), outcome.err());
        JsonNode result = new ObjectMapper().readTree(onlyFile(".json").toFile());
        assertEquals("RATE", result.get("mode").asText());
        assertEquals(40, result.get("rate").get("targetOpsPerSecond").asDouble(), 1e-9);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--mode FIXTURE", "--mode RATE --rate 50 --duration 1s",
            "--mode HEADROOM --max-threads 2 --operations-per-step 40"})
    void everyModeWritesTheFormatsChosenAndNoOthers(String mode) throws IOException {
        Outcome outcome = run((mode + (mode.contains("HEADROOM") ? "" : " --threads 2") + " --report-formats json,csv")
                .split(" "));

        assertEquals(0, outcome.exitCode(), outcome.err());
        try (Stream<Path> files = Files.list(reports)) {
            List<String> written = files.map(file -> file.getFileName().toString())
                    .filter(name -> !name.endsWith("-steps.csv")) // HEADROOM's steps, a CSV too
                    .map(name -> name.substring(name.lastIndexOf('.'))).sorted().toList();
            assertEquals(List.of(".csv", ".json"), written, "JSON and CSV, no .hlog, no page, no headroom plot");
        }
    }

    @Test
    void aPageWithoutTheResultsItReadsIsRefused() {
        Outcome outcome = run("--report-formats", "html,csv");

        assertEquals(2, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().startsWith("vaultload: Invalid REPORT_FORMATS='html,csv': expected a comma-separated"
                + " list of [DATASAFE_LOG, CONSOLE, JSON, CSV, HLOG, HTML], HTML with JSON"), outcome.err());
    }

    @Test
    void documentsThatCannotFitInTheHeapAreRefusedBeforeTheRun() {
        Outcome outcome = execute(StorageProviders::named, List.of("run", "--storage-providers", "MEMORY",
                "--file-sizes", "4000000", "--threads", "2", "--report-dir", reports.toString()));

        assertEquals(2, outcome.exitCode(), outcome.err());
        String message = outcome.err().strip();
        assertTrue(message.startsWith("vaultload: Invalid FILE_SIZES='4000000' (KiB): MEMORY keeps every live document in"
                + " the heap: ") && message.contains("documents live per thread") && message.contains("of the heap of"),
                message);
        assertEquals(1, message.lines().count(), message);
    }

    @Test
    void documentsThatCannotFitOnTheDiskAreRefusedBeforeTheRun() {
        Outcome outcome = execute(StorageProviders::named, List.of("run", "--storage-providers", "FILESYSTEM",
                "--filesystem-root", reports.resolve("fs").toString(), "--file-sizes", "2000000000", "--threads", "8",
                "--report-dir", reports.toString()));

        assertEquals(2, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().strip().startsWith("vaultload: Invalid FILE_SIZES='2000000000' (KiB): FILESYSTEM keeps every"
                + " live document on disk: ") && outcome.err().contains("free under " + reports.resolve("fs")), outcome.err());
    }

    /** The default store took 95 GiB documents and wrote 7.1 GB in 2 minutes: its scratch disk is checked as FILESYSTEM's. */
    @ParameterizedTest
    @ValueSource(strings = {"EMBEDDED", "MINIO"})
    void documentsThatCannotFitOnALocalServersDiskAreRefusedBeforeItStarts(String provider) {
        Outcome outcome = execute(StorageProviders::named, List.of("run", "--storage-providers", provider,
                "--file-sizes", "99999999", "--threads", "8", "--report-dir", reports.toString()));

        assertEquals(2, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().strip().startsWith("vaultload: Invalid FILE_SIZES='99999999' (KiB): " + provider + " keeps"),
                outcome.err());
        assertTrue(outcome.err().contains("every live document on disk") && outcome.err().contains("free under "),
                outcome.err());
    }

    @Test
    void rateReportsBothLatencyViews() throws IOException {
        Outcome outcome = run("--mode", "RATE", "--rate", "100", "--duration", "2s", "--threads", "2",
                "--operation", "WRITE");

        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("corrected (from the intended start"), outcome.out());
        assertTrue(outcome.out().contains("uncorrected (from the actual start"), outcome.out());
        assertTrue(Files.readString(onlyFile(".json")).contains("\"uncorrected\""));
        assertEveryModeWritesTheSameFiles();
        String page = Files.readString(reports.resolve("report.html"));
        assertTrue(page.contains("class=\"uncorrected\"") && page.contains("class=\"operations\""),
                "both latency views on the page");
    }

    /**
     * The result's JSON, CSV and .hlog, as a FIXTURE run writes them, and report.html over them; the crypto ceiling
     * (CRYPTO_CEILING is on by default) measured before the load as before a FIXTURE run.
     */
    private void assertEveryModeWritesTheSameFiles() throws IOException {
        Path json = onlyFile(".json");
        assertTrue(new ObjectMapper().readTree(json.toFile()).at("/environment/cryptoCeiling/steady").isBoolean(),
                "the ceiling in the result's environment");
        String base = json.getFileName().toString().replaceFirst("\\.json$", "");
        for (String extension : List.of(".csv", ".hlog")) {
            assertTrue(Files.isRegularFile(reports.resolve(base + extension)), () -> base + extension + " beside the JSON");
        }
        assertTrue(Files.size(reports.resolve(base + ".hlog")) > 0, "the interval log has periods");
        assertTrue(Files.readString(reports.resolve("report.html")).contains("data-operation="), "the result on the page");
    }

    private Path onlyFile(String suffix) throws IOException {
        try (Stream<Path> files = Files.list(reports)) {
            List<Path> matching = files.filter(file -> file.toString().endsWith(suffix)).toList();
            assertEquals(1, matching.size(), () -> "one *" + suffix + " in " + reports + ": " + matching);
            return matching.getFirst();
        }
    }

    /** MEMORY, but every object is deleted as soon as it is stored. */
    private static final class LossyProviderFactory implements StorageProviderFactory {
        @Override
        public String name() {
            return "LOSSY";
        }

        @Override
        public StorageProvider start(Function<String, String> config) {
            BlobStore store = new ForwardingBlobStore(new InMemoryBlobStore()) {
                @Override
                public BlobOutputStream openOutput(String key) {
                    return new ForwardingBlobOutputStream(super.openOutput(key)) {
                        @Override
                        public void close() throws IOException {
                            super.close();
                            delete(key);
                        }
                    };
                }
            };
            return new StorageProvider() {
                @Override
                public String name() {
                    return "LOSSY";
                }

                @Override
                public BlobStore openBucket(String bucket) {
                    return store;
                }

                @Override
                public String defaultBucket() {
                    return "lossy";
                }

                @Override
                public void close() {
                }
            };
        }
    }
}
