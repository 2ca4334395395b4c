package dev.vaultload.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.Failure;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.RangedReadStatistics;
import dev.vaultload.storage.StorageProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A fixture's ranged READs at the edges of a document (first byte only, at the end, across a chunk boundary and the
 * end, from the end on and past it) through every engine against a real MinIO (MINIO_URL, over TLS for SSE_C), as
 * the harness runs them: every READ that S3 answers for a plain object returns those bytes (each verified by its
 * SHA-256 against the content's slice, as S3 slices it), and each READ from the end on fails CLIENT naming the engine
 * and S3's 416, as a ranged GET of a plain object does (VAULTLOAD with CIPHER=NONE is that plain object, read through
 * the S3 store's Range). A hang fails the engine's case as a TIMEOUT naming it rather than holding the build.
 */
class RangedReadsTest {
    /** FILE_SIZES in KiB: the fixture gives no sizes, so that it may hold ranges past the end. */
    private static final int DOCUMENT_KIB = 200;
    private static final long DOCUMENT_BYTES = DOCUMENT_KIB * 1024L;
    private static final String CONTENT = "5f0c8a4e-7b7e-4c49-9a55-0d1f3c2b6e11";
    /** The ranges S3 answers for a plain object of DOCUMENT_BYTES: 206 with the bytes up to its end. */
    private static final List<long[]> ANSWERED = List.of(new long[] {0, 0}, new long[] {65_530, 65_545},
            new long[] {DOCUMENT_BYTES - 1, DOCUMENT_BYTES - 1}, new long[] {DOCUMENT_BYTES - 100, DOCUMENT_BYTES - 1},
            new long[] {DOCUMENT_BYTES - 100, DOCUMENT_BYTES + 100_000});
    /** The ranges S3 refuses with 416: from the end on. */
    private static final List<long[]> REFUSED = List.of(new long[] {DOCUMENT_BYTES, DOCUMENT_BYTES + 10},
            new long[] {DOCUMENT_BYTES + 300_000, DOCUMENT_BYTES + 300_001});
    private static final Duration HANG_BOUND = Duration.ofSeconds(180);

    @TempDir
    Path directory;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"VAULTLOAD, NONE", "VAULTLOAD, AES256_GCM", "VAULTLOAD, AES256_CBC", "DATASAFE, AES256_GCM",
            "S3EC, AES256_GCM", "SSE_S3, AES256_GCM", "SSE_KMS, AES256_GCM", "SSE_C, AES256_GCM"})
    void edgeRangesAnswerAsS3ForAPlainObject(String engine, String cipher) throws IOException {
        assumeTrue(System.getenv("MINIO_URL") != null, "MINIO_URL not set: eval \"$(scripts/start-minio.sh start)\" first");
        assumeTrue(!engine.equals("SSE_C") || System.getenv("MINIO_URL").startsWith("https:"), "SSE_C needs MinIO over TLS");
        Map<String, String> settings = settings(engine, cipher);

        RunResult result = assertTimeoutPreemptively(HANG_BOUND, () -> run(settings),
                () -> "TIMEOUT: " + engine + "'s ranged READs on MinIO did not end within " + HANG_BOUND.toSeconds() + " s");

        OperationStatistics read = result.operations().stream().filter(operation -> operation.type() == OperationType.READ)
                .findFirst().orElseThrow();
        assertEquals(ANSWERED.size() + 1, read.count(), engine + ": every READ S3 answers returned its bytes");
        assertEquals(Map.of(ErrorClass.CLIENT, (long) REFUSED.size()), nonZero(read.errors()),
                engine + ": " + result.failures().stream().map(Failure::line).toList());
        for (Failure refusal : result.failures()) {
            assertTrue(refusal.message().contains(engine) && refusal.message().contains("416"),
                    "names the engine and S3's answer: " + refusal.line());
        }
        RangedReadStatistics ranged = read.rangedReads();
        assertNotNull(ranged, engine + ": the ranged READs' cost is reported");
        assertEquals(ANSWERED.size(), ranged.count());
        assertNotNull(ranged.fetchedBytesPerReturnedByte(), engine + ": what the ranged READs fetched was seen");
        assertTrue(ranged.fetchedBytesPerReturnedByte() >= 1, engine + " fetched at least what it returned: " + ranged);
        boolean decryptsInTheClient = !engine.startsWith("SSE_") && !cipher.equals("NONE");
        assertEquals(decryptsInTheClient, ranged.decryptedBytesPerReturnedByte() > 0, engine + ": " + ranged);
        assertEquals(Long.toString(ranged.count()), csvCell("READ", "ranged_reads"), "the CSV carries them too");
    }

    /** The cell of the result CSV's row of {@code operation} under {@code column}. */
    private String csvCell(String operation, String column) throws IOException {
        try (Stream<Path> written = Files.list(directory.resolve("reports"))) {
            List<String> rows = Files.readAllLines(written.filter(file -> file.toString().endsWith(".csv")).findFirst()
                    .orElseThrow());
            int index = List.of(rows.getFirst().split(",")).indexOf(column);
            String[] row = rows.stream().filter(line -> line.contains("," + operation + ",")).findFirst().orElseThrow()
                    .split(",", -1);
            return row[index];
        }
    }

    private static RunResult run(Map<String, String> settings) {
        try (SuiteSession session = SuiteSession.start(Suite.RandomActionsOnDatasafeTest.name(), false, settings::get,
                StorageProviders::named)) {
            List<Combination> combinations = session.combinations().toList();
            assertEquals(1, combinations.size());
            return Suite.RandomActionsOnDatasafeTest.run(session, combinations.getFirst(), List.of());
        }
    }

    private static Map<ErrorClass, Long> nonZero(Map<ErrorClass, Long> errors) {
        Map<ErrorClass, Long> counted = new HashMap<>(errors);
        counted.values().removeIf(count -> count == 0);
        return counted;
    }

    private Map<String, String> settings(String engine, String cipher) throws IOException {
        Path fixture = directory.resolve("ranges.json");
        Files.writeString(fixture, fixture());
        Map<String, String> settings = new HashMap<>(Map.of("STORAGE_PROVIDERS", "MINIO", "THREADS", "1",
                "FILE_SIZES", Integer.toString(DOCUMENT_KIB), "FIXTURE", fixture.toString(), "ENGINES", engine,
                "ERROR_MODE", "CONTINUE", "REPORT_DIR", directory.resolve("reports").toString()));
        if (!engine.equals("DATASAFE")) {
            settings.put("KDF_ITERATIONS", "1000"); // Datasafe keeps its own
        }
        if (engine.equals("VAULTLOAD")) {
            settings.put("CIPHER", cipher);
        }
        for (String name : List.of("MINIO_URL", "AWS_ACCESS_KEY", "AWS_SECRET_KEY", "AWS_BUCKET", "CA_PATH")) {
            if (System.getenv(name) != null) {
                settings.put(name, System.getenv(name));
            }
        }
        return settings;
    }

    /** One user writes one document and reads it whole, then each range. */
    private static String fixture() {
        StringBuilder operations = new StringBuilder("""
                {"userId": "user-0", "type": "CREATE_USER"},
                {"userId": "user-0", "type": "WRITE", "storageType": "PRIVATE", "contentId": {"id": "%s"}, "location": "doc.bin"},
                {"userId": "user-0", "type": "READ", "storageType": "PRIVATE", "location": "doc.bin", "result": {"content": {"id": "%s"}}}"""
                .formatted(CONTENT, CONTENT));
        for (long[] range : concat(ANSWERED, REFUSED)) {
            operations.append(",\n{\"userId\": \"user-0\", \"type\": \"READ\", \"storageType\": \"PRIVATE\","
                    + " \"location\": \"doc.bin\", \"result\": {\"content\": {\"id\": \"" + CONTENT + "\"}},"
                    + " \"range\": {\"firstByte\": " + range[0] + ", \"lastByte\": " + range[1] + "}}");
        }
        return """
                {"operations": [%s],
                 "userPrivateSpace": {"user-0": {"doc.bin": {"id": "%s"}}},
                 "userPublicSpace": {}}""".formatted(operations, CONTENT);
    }

    private static List<long[]> concat(List<long[]> first, List<long[]> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }
}
