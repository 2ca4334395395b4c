package dev.vaultload.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.report.RunResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The history on SQLite always, and on PostgreSQL when {@link Postgres} names one (CI: scripts/start-postgres.sh). */
class HistoryStoreTest {
    private static final Instant NIGHT = Instant.parse("2026-11-20T02:00:00Z");

    @TempDir
    static Path folder;

    static Stream<Database> databases() {
        return Stream.concat(Stream.of(new Database("SQLite", folder.resolve("history-" + System.nanoTime() + ".db").toString(),
                null, null)), Postgres.fresh().stream());
    }

    /** A history to test on: a URL or file, its user and password. */
    record Database(String name, String url, String user, String password) {
        @Override
        public String toString() {
            return name;
        }

        HistoryStore open() {
            return HistoryStore.open(url, user, password);
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void runsAreKeptOnceWithTheirFiguresConfigurationCommitAndVerdicts(Database database) {
        try (HistoryStore store = database.open()) {
            RunResult first = SampleResults.result(NIGHT, "CEPH", CipherSuite.AES256_GCM, 10, "aaaaaaaaaaaa1", "READ p99 < 11ms");
            RunResult second = SampleResults.result(NIGHT.plusSeconds(86_400), "CEPH", CipherSuite.AES256_GCM, 12,
                    "bbbbbbbbbbbb2", "READ p99 < 11ms");
            RunResult otherCipher = SampleResults.result(NIGHT.plusSeconds(3600), "CEPH", CipherSuite.AES256_CBC, 20,
                    "aaaaaaaaaaaa1");

            assertTrue(store.add(summary(second, "b.json")));
            assertTrue(store.add(summary(first, "a.json")));
            assertTrue(store.add(summary(otherCipher, "c.json")));
            assertFalse(store.add(summary(first, "a-again.json")), "the same JSON is kept once");

            List<StoredRun> runs = store.runs(RunFilter.ALL);
            assertEquals(List.of("a.json", "c.json", "b.json"), runs.stream().map(StoredRun::source).toList(), "oldest first");
            assertEquals("aaaaaaaaaa", runs.getFirst().shortCommit());
            assertFalse(runs.get(0).thresholdsBreached());
            assertTrue(runs.get(2).thresholdsBreached(), "12 ms broke READ p99 < 11ms");

            List<FigureSeries> gcm = store.series("READ p99", RunFilter.parse("cipher=AES256_GCM,storage=CEPH,threads=2"));
            assertEquals(1, gcm.size());
            assertEquals("ms", gcm.getFirst().unit());
            assertEquals(10, gcm.getFirst().values()[0], 0.1);
            assertEquals(12, gcm.getFirst().values()[1], 0.1);
            assertEquals(2, store.series("READ ops/s", RunFilter.ALL).size(), "one series per configuration");
            assertTrue(store.figures(RunFilter.ALL).containsAll(List.of("READ p50", "WRITE ops/s", "p99", "errors", "cpu ms/op")),
                    store.figures(RunFilter.ALL)::toString);
            assertTrue(store.series("READ p99", RunFilter.parse("storage=MINIO")).isEmpty());
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void runsWhoseWorkersHadAnotherNiceAreAnotherSeries(Database database) {
        try (HistoryStore store = database.open()) {
            store.add(summary(SampleResults.result(NIGHT, "MINIO", CipherSuite.AES256_GCM, 12, 0, "c"), "plain.json"));
            store.add(summary(SampleResults.result(NIGHT.plusSeconds(60), "MINIO", CipherSuite.AES256_GCM, 5, 10, "c"),
                    "niced.json"));

            List<FigureSeries> series = store.series("READ p99", RunFilter.ALL);
            assertEquals(2, series.size(), "one series per worker nice");
            assertEquals(List.of(0, 10), series.stream().map(one -> one.configuration().workerNice()).sorted().toList());
            assertEquals(5, store.series("READ p99", RunFilter.parse("worker_nice=10")).getFirst().values()[0], 0.1);
            Configuration plain = store.runs(RunFilter.parse("worker_nice=0")).getFirst().configuration();
            assertFalse(plain.key().contains("worker_nice"), "a series kept before the nice was recorded keeps its key");
            assertTrue(store.runs(RunFilter.parse("worker_nice=10")).getFirst().configuration().key().endsWith(",worker_nice=10"));
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void reopeningKeepsWhatWasAddedAndTheSchemaIsMigratedOnce(Database database) {
        try (HistoryStore store = database.open()) {
            store.add(summary(SampleResults.result(NIGHT, "MINIO", CipherSuite.AES256_GCM, 5, "c"), "x.json"));
        }
        try (HistoryStore store = database.open()) {
            assertEquals(1, store.runs(RunFilter.ALL).size());
        }
    }

    /** deploy/grafana/vaultload-history.json's SQL, its macros and variables filled in, reads what a run added. */
    @org.junit.jupiter.api.Test
    void theGrafanaPanelsReadTheHistoryOnPostgres() throws Exception {
        Database postgres = Postgres.fresh().orElse(null);
        Assumptions.assumeTrue(postgres != null, "no PostgreSQL (HISTORY_POSTGRES_URL unset)");
        try (HistoryStore store = postgres.open()) {
            store.add(summary(SampleResults.result(NIGHT, "CEPH", CipherSuite.AES256_GCM, 12, "c", "READ p99 < 11ms"), "g.json"));
        }
        JsonNode dashboard = new ObjectMapper().readTree(Path.of("..", "deploy", "grafana", "vaultload-history.json").toFile());
        List<Integer> rows = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(postgres.url(), postgres.user(), postgres.password());
             Statement statement = connection.createStatement()) {
            for (JsonNode panel : dashboard.get("panels")) {
                String sql = panel.get("targets").get(0).get("rawSql").asText()
                        .replace("$__unixEpochFilter(r.started_at_millis / 1000)", "r.started_at_millis / 1000 BETWEEN 0 AND 4102444800")
                        .replace("$figure", "READ p99").replace("$storage", "'CEPH'").replace("$cipher", "'AES256_GCM'");
                try (ResultSet result = statement.executeQuery(sql)) {
                    int count = 0;
                    while (result.next()) {
                        count++;
                    }
                    rows.add(count);
                }
            }
        }
        assertEquals(List.of(1, 1), rows, "one point of READ p99, one threshold broken");
    }

    @org.junit.jupiter.api.Test
    void aBadFilterOrLocationIsOneLineNamingIt() {
        IllegalArgumentException field = assertThrows(IllegalArgumentException.class, () -> RunFilter.parse("colour=red"));
        assertTrue(field.getMessage().startsWith("Invalid --where 'colour=red': unknown field 'colour'"), field.getMessage());
        IllegalArgumentException number = assertThrows(IllegalArgumentException.class, () -> RunFilter.parse("threads=two"));
        assertTrue(number.getMessage().contains("threads is a whole number"), number.getMessage());
        IllegalArgumentException url = assertThrows(IllegalArgumentException.class,
                () -> HistoryStore.open("jdbc:postgresql://127.0.0.1:1/none?password=hunter2", "u", "hunter2"));
        assertTrue(url.getMessage().startsWith("Invalid HISTORY_URL='jdbc:postgresql://127.0.0.1:1/none?password=***'"),
                url.getMessage());
        assertFalse(url.getMessage().contains("hunter2"), "the password is never shown");
    }

    private static RunSummary summary(RunResult result, String source) {
        return RunSummary.of(result, source, (source.replace("-again", "") + result).getBytes(StandardCharsets.UTF_8));
    }
}
