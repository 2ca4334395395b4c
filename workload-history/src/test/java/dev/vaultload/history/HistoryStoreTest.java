package dev.vaultload.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.report.RunResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
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
            assertTrue(store.runs(RunFilter.parse("worker_nice=10")).getFirst().configuration().key().contains(",worker_nice=10,"));
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void everySettingThatChangesTheFiguresMakesAnotherSeriesAndCanBeFilteredOn(Database database) {
        try (HistoryStore store = database.open()) {
            RunResult plain = SampleResults.result(NIGHT, "MINIO", CipherSuite.AES256_GCM, 10, "c");
            store.add(summary(plain, "plain.json"));
            store.add(summary(SampleResults.onMachine(plain, 2, "25.0.1 (Oracle Corporation)", "host-b"), "host-b.json"));
            Map<String, RunResult> apart = Map.of(
                    "kdf_iterations=210000", SampleResults.withEngine(plain, vaultload("X25519", 210_000)),
                    "key_pair=EC_P256", SampleResults.withEngine(plain, vaultload("EC_P256", 1000)),
                    "buckets=3", SampleResults.withBuckets(plain, 3),
                    "key_manager=KES DOCUMENT keys (cache OFF)", SampleResults.withEngine(plain, new EngineDescription(
                            "VAULTLOAD", CipherSuite.AES256_GCM, "X25519", 1000, "KES DOCUMENT keys (cache OFF)")),
                    "cores=8", SampleResults.onMachine(plain, 8, "25", "host-a"),
                    "jdk_major=21", SampleResults.onMachine(plain, 2, "21.0.5 (Eclipse Adoptium)", "host-a"));
            apart.forEach((where, result) -> store.add(summary(result, where + ".json")));

            assertEquals(1 + apart.size(), store.series("READ p99", RunFilter.ALL).size(), "one series per setting");
            assertEquals(2, store.series("READ p99", RunFilter.of(Configuration.of(plain))).getFirst().points().size(),
                    "another host with as many cores and the same JDK is the same series");
            assertEquals("mode=FIXTURE,suite=RandomActionsOnDatasafeTest,storage=MINIO,engine=VAULTLOAD,cipher=AES256_GCM,"
                    + "threads=2,file_size_kib=100,fixture=SMALL,key_pair=X25519,kdf_iterations=1000,cores=2,jdk_major=25",
                    Configuration.of(plain).key());
            apart.forEach((where, result) -> {
                List<StoredRun> runs = store.runs(RunFilter.parse(where));
                assertEquals(List.of(where + ".json"), runs.stream().map(StoredRun::source).toList(), where);
                assertTrue(("," + runs.getFirst().configuration().key() + ",").contains("," + where + ","),
                        runs.getFirst().configuration()::key);
            });
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void runsKeptBeforeTheEngineSettingsAndTheJdkWereKeptStayInTheSeriesOfTheirEnginesDefaults(Database database)
            throws Exception {
        Flyway.configure().dataSource(HistoryStore.jdbcUrl(database.url()), database.user(), database.password())
                .locations("classpath:db/history").target("2").load().migrate();
        try (Connection connection = DriverManager.getConnection(HistoryStore.jdbcUrl(database.url()), database.user(),
                database.password())) {
            keptBeforeV3(connection, "old-vaultload", "VAULTLOAD", "AES256_GCM");
            keptBeforeV3(connection, "old-plaintext", "PLAINTEXT", "NONE");
        }
        RunResult gcm = SampleResults.result(NIGHT, "MINIO", CipherSuite.AES256_GCM, 10, "c");
        RunResult vaultload = SampleResults.withEngine(gcm, vaultload("X25519", 210_000));
        try (HistoryStore store = database.open()) {
            store.add(summary(vaultload, "new-vaultload.json"));
            store.add(summary(SampleResults.withEngine(gcm, new EngineDescription("PLAINTEXT", CipherSuite.NONE, "NONE", 1)),
                    "new-plaintext.json"));

            List<FigureSeries> series = store.series("READ p99", RunFilter.ALL);
            assertEquals(2, series.size(), "a series per engine, not per schema");
            series.forEach(one -> assertEquals(2, one.points().size(), one.configuration()::key));
            assertEquals(2, store.runs(RunFilter.parse("engine=PLAINTEXT,key_pair=NONE,kdf_iterations=1,jdk_major=25")).size());
        }
        try (Connection connection = DriverManager.getConnection(HistoryStore.jdbcUrl(database.url()), database.user(),
                database.password());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT configuration FROM history_run WHERE run_id = 'old-vaultload'")) {
            assertTrue(rows.next());
            assertEquals(Configuration.of(vaultload).key(), rows.getString(1), "the key kept names the new fields too");
        }
    }

    /** A run as a history of schema V2 kept it: its jdk, cores and host, nothing of its engine's settings. */
    private static void keptBeforeV3(Connection connection, String runId, String engine, String cipher) throws Exception {
        try (PreparedStatement run = connection.prepareStatement("INSERT INTO history_run (run_id, started_at,"
                + " started_at_millis, added_at_millis, source, configuration, mode, suite, storage, engine, cipher, threads,"
                + " file_size_kib, fixture, error_mode, git_commit, host, jdk, cores, wall_clock_millis, passed,"
                + " thresholds_breached, worker_nice) VALUES (?, ?, ?, 0, 'old.json', ?, 'FIXTURE',"
                + " 'RandomActionsOnDatasafeTest', 'MINIO', ?, ?, 2, 100, 'SMALL', 'FAIL_FAST', 'b', 'host-a',"
                + " '25.0.1 (Eclipse Adoptium)', 2, 1000, 1, 0, 0)");
             PreparedStatement figure = connection.prepareStatement(
                     "INSERT INTO history_figure (run_id, figure, value, unit) VALUES (?, 'READ p99', 10, 'ms')")) {
            Instant before = NIGHT.minusSeconds(86_400);
            run.setString(1, runId);
            run.setString(2, before.toString());
            run.setLong(3, before.toEpochMilli());
            run.setString(4, "mode=FIXTURE,suite=RandomActionsOnDatasafeTest,storage=MINIO,engine=" + engine + ",cipher="
                    + cipher + ",threads=2,file_size_kib=100,fixture=SMALL");
            run.setString(5, engine);
            run.setString(6, cipher);
            run.executeUpdate();
            figure.setString(1, runId);
            figure.executeUpdate();
        }
    }

    private static EngineDescription vaultload(String keyPair, int kdfIterations) {
        return new EngineDescription("VAULTLOAD", CipherSuite.AES256_GCM, keyPair, kdfIterations);
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
