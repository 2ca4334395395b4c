package dev.vaultload.cli;

import static dev.vaultload.cli.InProcessCli.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.cli.InProcessCli.Outcome;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.io.TempDir;

/** {@code vaultload fixture import} on the README's sample access log, and a run of what it made. */
class FixtureImportTest {
    /** The sample the README walks through (docs/samples/), from the module's directory. */
    private static final Path SAMPLE = Path.of("..", "docs", "samples", "s3-access.log");
    private static final InProcessCli CLI = new InProcessCli();

    @TempDir
    Path directory;

    private Outcome importSample(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("fixture", "import", "--format", "s3-access-log",
                SAMPLE.toString(), "--out", directory.resolve("sample.json").toString()));
        args.addAll(List.of(more));
        return execute(StorageProviders::named, args);
    }

    @Test
    void theSampleImportsAndItsFixtureRunsWithEveryReadVerified() throws IOException {
        Outcome imported = importSample();

        assertEquals(0, imported.exitCode(), imported.err());
        assertTrue(imported.out().contains("read         200 lines"), imported.out());
        assertTrue(imported.out().contains("HEAD (no engine call reads metadata alone)"), imported.out());
        String fixture = Files.readString(directory.resolve("sample.json"));
        assertFalse(fixture.contains("reports") || fixture.contains("doc-0"), "no bucket or key name in the fixture");

        Outcome run = execute(StorageProviders::named, List.of("run", "--FIXTURE_SIZE",
                directory.resolve("sample.json").toString(), "--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "1",
                "--FILE_SIZES", "1", "--KDF_ITERATIONS", "1000", "--REPORT_DIR", directory.resolve("reports").toString(),
                "--REPORT_FORMATS", "JSON"));
        assertEquals(0, run.exitCode(), run.err() + run.out());
    }

    @Test
    void theImportedSampleReplaysAtItsPaceInTraceModeWithItsLatenessReported() throws IOException {
        assertEquals(0, importSample().exitCode());

        // at speed 20 the sample's schedule lasts about 0.1 s, too short to judge its rate on a shared machine: the
        // achieved share is not what this test is about (ScheduleLimitsTest is), the report of the lateness is
        Outcome trace = execute(StorageProviders::named, List.of("run", "--mode", "TRACE", "--speed", "20",
                "--FIXTURE_SIZE", directory.resolve("sample.json").toString(), "--STORAGE_PROVIDERS", "MEMORY",
                "--THREADS", "2", "--FILE_SIZES", "1", "--KDF_ITERATIONS", "1000", "--min-achieved-share", "0",
                "--max-lateness", "60s", "--REPORT_DIR", directory.resolve("trace").toString()));

        assertEquals(0, trace.exitCode(), trace.err() + trace.out());
        assertTrue(trace.out().contains("at speed 20.0: due "), trace.out());
        assertTrue(trace.out().matches("(?s).*schedule lateness, ms:  p50=[0-9.]+  p90=[0-9.]+  p99=[0-9.]+  p99.9=[0-9.]+  max=.*"),
                trace.out());
        Path jsonFile;
        try (var files = Files.list(directory.resolve("trace"))) {
            jsonFile = files.filter(file -> file.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        String json = Files.readString(jsonFile);
        assertTrue(json.contains("\"trace\"") && json.contains("\"latenessPercentileMicros\""), json);
        // TRACE writes every format the other modes write, beside its JSON
        String base = jsonFile.getFileName().toString().replaceFirst("\\.json$", "");
        assertTrue(Files.isRegularFile(jsonFile.resolveSibling(base + ".csv")), base + ".csv beside the JSON");
        assertTrue(Files.size(jsonFile.resolveSibling(base + ".hlog")) > 0, base + ".hlog with periods beside the JSON");
        assertTrue(Files.readString(jsonFile.resolveSibling("report.html")).contains("data-operation="), "the result on the page");
    }

    /**
     * A trace that yields nothing to replay wrote a fixture of 0 operations and exited 0 (and a binary file's bytes
     * reached the terminal raw): each is refused in one printable line, and no fixture is left behind.
     */
    @ParameterizedTest
    @CsvSource({"empty,s3-access-log", "binary,s3-access-log", "one long line,s3-access-log", "broken JSON,rgw-ops-log"})
    void aTraceThatYieldsNoOperationIsRefusedAndNothingIsWritten(String content, String format) throws IOException {
        Path trace = directory.resolve("trace.log");
        switch (content) {
            case "empty" -> Files.write(trace, new byte[0]);
            case "binary" -> Files.write(trace, new java.util.Random(7).ints(4096, 0, 256)
                    .collect(java.io.ByteArrayOutputStream::new, (out, b) -> out.write(b), (a, b) -> { }).toByteArray());
            case "one long line" -> Files.writeString(trace, "x".repeat(2 << 20));
            default -> Files.writeString(trace, "{\"bucket\": \"b\", \"object\": \n{{{\n");
        }
        Path fixture = directory.resolve("out.json");

        Outcome outcome = execute(StorageProviders::named, List.of("fixture", "import", "--format", format,
                trace.toString(), "--out", fixture.toString()));

        assertEquals(2, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.err().startsWith("vaultload: no operation imported from"), outcome.err());
        assertEquals(1, outcome.err().strip().lines().count(), outcome.err());
        assertTrue(outcome.err().chars().noneMatch(c -> Character.isISOControl(c) && c != '\n'), "no raw bytes");
        assertFalse(Files.exists(fixture), "no fixture of nothing");
    }

    @Test
    void traceRefusesAGeneratedFixtureAndFixtureModeRefusesSpeed() {
        CLI.assertRefused(List.of("run", "--mode", "TRACE", "--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "1",
                "--REPORT_DIR", directory.resolve("r").toString()), "has no timestampMillis");
        CLI.assertRefused(List.of("run", "--speed", "10", "--STORAGE_PROVIDERS", "MEMORY",
                "--REPORT_DIR", directory.resolve("r2").toString()), "Invalid SPEED", "--mode TRACE");
    }

    @Test
    void aKeyFileGivesTheSameFixtureTwiceAndIsNeverPrinted() throws IOException {
        Path key = Files.writeString(directory.resolve("key"), "0123456789abcdef0123456789abcdef");
        Path first = directory.resolve("first.json");
        Path second = directory.resolve("second.json");

        Outcome one = execute(StorageProviders::named, List.of("fixture", "import", "--format", "s3-access-log",
                SAMPLE.toString(), "--hmac-key-file", key.toString(), "--out", first.toString()));
        Outcome two = execute(StorageProviders::named, List.of("fixture", "import", "--format", "s3-access-log",
                SAMPLE.toString(), "--hmac-key-file", key.toString(), "--out", second.toString()));

        assertEquals(0, one.exitCode() + two.exitCode(), one.err() + two.err());
        assertEquals(Files.readString(first), Files.readString(second));
        assertFalse((one.out() + one.err()).contains("0123456789abcdef"));
    }

    @Test
    void anUnknownFormatOrUserRuleIsBadInputNamingIt() {
        CLI.assertRefused(List.of("fixture", "import", "--format", "nginx", SAMPLE.toString(), "--out",
                directory.resolve("x.json").toString()), "unknown trace format 'nginx'");
        CLI.assertRefused(List.of("fixture", "import", "--format", "s3-access-log", "--users", "prefix:0",
                SAMPLE.toString(), "--out", directory.resolve("x.json").toString()), "prefix:0");
    }

    @Test
    void strictRefusesAMalformedLineNamingFileAndLine() throws IOException {
        Path broken = Files.writeString(directory.resolve("broken.log"), Files.readString(SAMPLE) + "not a record\n");

        CLI.assertRefused(List.of("fixture", "import", "--format", "s3-access-log", "--strict", broken.toString(),
                "--out", directory.resolve("x.json").toString()), "broken.log:201: not a s3-access-log record");
        assertFalse(Files.exists(directory.resolve("x.json")), "no half-written fixture is left");
    }
}
