package dev.vaultload.history;

import dev.vaultload.report.ThresholdVerdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The results history over JDBC: SQLite in a file by default, PostgreSQL for a team; the schema is Flyway's
 * migrations in {@code db/history}, applied when the store is opened. Plain SQL both databases take.
 */
public final class HistoryStore implements AutoCloseable {
    private static final String MIGRATIONS = "classpath:db/history";
    private static final String RUN_COLUMNS = "r.run_id, r.started_at, r.mode, r.suite, r.storage, r.engine, r.cipher,"
            + " r.threads, r.file_size_kib, r.fixture, r.worker_nice, r.key_pair, r.kdf_iterations, r.buckets, r.cores,"
            + " r.jdk_major, r.key_manager, r.git_commit, r.host, r.passed, r.thresholds_breached, r.source";

    private final Connection connection;

    private HistoryStore(Connection connection) {
        this.connection = connection;
    }

    /**
     * HISTORY_URL (else {@code fallbackFile}), HISTORY_USER and HISTORY_PASSWORD, migrated to the newest schema.
     *
     * @throws IllegalArgumentException naming HISTORY_URL (never the password) when it cannot be opened
     */
    public static HistoryStore open(Function<String, String> settings, String fallbackFile) {
        String url = HistorySettings.HISTORY_URL.in(settings).orElse(fallbackFile);
        return open(url, HistorySettings.HISTORY_USER.in(settings).orElse(null),
                HistorySettings.HISTORY_PASSWORD.in(settings).orElse(null));
    }

    /** @param urlOrFile a JDBC URL, or the path of a SQLite file (made with its folder when missing) */
    public static HistoryStore open(String urlOrFile, String user, String password) {
        String url = jdbcUrl(urlOrFile);
        try {
            Flyway.configure().dataSource(url, user, password).locations(MIGRATIONS).load().migrate();
            return new HistoryStore(DriverManager.getConnection(url, user, password));
        } catch (FlywayException | SQLException e) {
            throw new IllegalArgumentException("Invalid " + HistorySettings.HISTORY_URL.name() + "='" + shown(urlOrFile)
                    + "': cannot open the history there (" + withoutSecret(firstLine(e), password) + ")", e);
        }
    }

    /** The URL with a password it carries ({@code password=...}) masked. */
    static String shown(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }

    /** A driver's message with the password masked, should it quote it. */
    private static String withoutSecret(String message, String password) {
        return password == null || password.isEmpty() ? message : message.replace(password, "***");
    }

    /** A JDBC URL as given; a path as {@code jdbc:sqlite:PATH}, its folder made. */
    static String jdbcUrl(String urlOrFile) {
        if (urlOrFile.startsWith("jdbc:")) {
            return urlOrFile;
        }
        Path file = Path.of(urlOrFile).toAbsolutePath();
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the folder of the history file " + file, e);
        }
        return "jdbc:sqlite:" + file;
    }

    /** @return false when the run was there already (the same JSON was added before) */
    public boolean add(RunSummary run) {
        try {
            connection.setAutoCommit(false);
            try {
                if (exists(run.runId())) {
                    connection.rollback();
                    return false;
                }
                insertRun(run);
                insertFigures(run);
                insertThresholds(run);
                connection.commit();
                return true;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot add " + run.source() + " to the history: " + firstLine(e), e);
        }
    }

    /** The runs {@code filter} selects, oldest first. */
    public List<StoredRun> runs(RunFilter filter) {
        String sql = "SELECT " + RUN_COLUMNS + " FROM history_run r WHERE 1 = 1" + filter.sql()
                + " ORDER BY r.started_at_millis, r.run_id";
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            filter.bind(statement, 1);
            List<StoredRun> runs = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    runs.add(run(rows));
                }
            }
            return runs;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the history: " + firstLine(e), e);
        }
    }

    /** {@code figure} of every configuration {@code filter} selects, one series each, oldest run first. */
    public List<FigureSeries> series(String figure, RunFilter filter) {
        String sql = "SELECT " + RUN_COLUMNS + ", f.value, f.unit FROM history_run r JOIN history_figure f"
                + " ON f.run_id = r.run_id WHERE f.figure = ?" + filter.sql()
                + " ORDER BY r.configuration, r.started_at_millis, r.run_id";
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, figure);
            filter.bind(statement, 2);
            Map<Configuration, List<FigureSeries.Point>> points = new LinkedHashMap<>();
            Map<Configuration, String> units = new LinkedHashMap<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    StoredRun run = run(rows);
                    points.computeIfAbsent(run.configuration(), ignored -> new ArrayList<>())
                            .add(new FigureSeries.Point(run, rows.getDouble("value")));
                    units.put(run.configuration(), rows.getString("unit"));
                }
            }
            List<FigureSeries> series = new ArrayList<>();
            points.forEach((configuration, values) ->
                    series.add(new FigureSeries(configuration, figure, units.get(configuration), values)));
            return series;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the history: " + firstLine(e), e);
        }
    }

    /** The figures kept of the runs {@code filter} selects, by name. */
    public List<String> figures(RunFilter filter) {
        String sql = "SELECT DISTINCT f.figure FROM history_run r JOIN history_figure f ON f.run_id = r.run_id WHERE 1 = 1"
                + filter.sql() + " ORDER BY f.figure";
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            filter.bind(statement, 1);
            List<String> figures = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    figures.add(rows.getString(1));
                }
            }
            return figures;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the history: " + firstLine(e), e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot close the history: " + firstLine(e), e);
        }
    }

    private boolean exists(String runId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT 1 FROM history_run WHERE run_id = ?")) {
            statement.setString(1, runId);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next();
            }
        }
    }

    private void insertRun(RunSummary run) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO history_run (run_id, started_at,"
                + " started_at_millis, added_at_millis, source, configuration, mode, suite, storage, engine, cipher, threads,"
                + " file_size_kib, fixture, error_mode, git_commit, host, jdk, cores, wall_clock_millis, passed,"
                + " thresholds_breached, worker_nice, key_pair, kdf_iterations, buckets, jdk_major, key_manager)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            Configuration configuration = run.configuration();
            int index = 1;
            statement.setString(index++, run.runId());
            statement.setString(index++, run.startedAt().toString());
            statement.setLong(index++, run.startedAt().toEpochMilli());
            statement.setLong(index++, Instant.now().toEpochMilli());
            statement.setString(index++, run.source());
            statement.setString(index++, configuration.key());
            statement.setString(index++, configuration.mode());
            statement.setString(index++, configuration.suite());
            statement.setString(index++, configuration.storage());
            statement.setString(index++, configuration.engine());
            statement.setString(index++, configuration.cipher());
            statement.setInt(index++, configuration.threads());
            statement.setInt(index++, configuration.fileSizeKib());
            statement.setString(index++, configuration.fixture());
            statement.setString(index++, run.errorMode());
            statement.setString(index++, run.gitCommit());
            statement.setString(index++, run.host());
            statement.setString(index++, run.jdk());
            statement.setInt(index++, configuration.cores());
            statement.setLong(index++, run.wallClockMillis());
            statement.setInt(index++, run.passed() ? 1 : 0);
            statement.setInt(index++, run.thresholdsBreached() ? 1 : 0);
            statement.setInt(index++, configuration.workerNice());
            statement.setString(index++, configuration.keyPair());
            statement.setInt(index++, configuration.kdfIterations());
            statement.setInt(index++, configuration.buckets());
            statement.setInt(index++, configuration.jdkMajor());
            statement.setString(index, configuration.keyManager());
            statement.executeUpdate();
        }
    }

    private void insertFigures(RunSummary run) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "INSERT INTO history_figure (run_id, figure, value, unit) VALUES (?, ?, ?, ?)")) {
            for (Map.Entry<String, Double> figure : run.figures().entrySet()) {
                statement.setString(1, run.runId());
                statement.setString(2, figure.getKey());
                statement.setDouble(3, figure.getValue());
                statement.setString(4, run.units().get(figure.getKey()));
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    private void insertThresholds(RunSummary run) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("INSERT INTO history_threshold (run_id,"
                + " threshold_index, threshold, measured, unit, verdict) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int index = 0; index < run.thresholds().size(); index++) {
                ThresholdVerdict verdict = run.thresholds().get(index);
                statement.setString(1, run.runId());
                statement.setInt(2, index);
                statement.setString(3, verdict.threshold());
                if (verdict.measured() == null) {
                    statement.setNull(4, Types.DOUBLE);
                } else {
                    statement.setDouble(4, verdict.measured());
                }
                statement.setString(5, verdict.unit());
                statement.setString(6, verdict.verdict().name());
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    private static StoredRun run(ResultSet rows) throws SQLException {
        Configuration configuration = new Configuration(rows.getString("mode"), rows.getString("suite"),
                rows.getString("storage"), rows.getString("engine"), rows.getString("cipher"), rows.getInt("threads"),
                rows.getInt("file_size_kib"), rows.getString("fixture"), rows.getInt("worker_nice"), rows.getString("key_pair"),
                rows.getInt("kdf_iterations"), rows.getInt("buckets"), rows.getInt("cores"), rows.getInt("jdk_major"),
                rows.getString("key_manager"));
        return new StoredRun(rows.getString("run_id"), Instant.parse(rows.getString("started_at")), configuration,
                rows.getString("git_commit"), rows.getString("host"), rows.getInt("passed") == 1,
                rows.getInt("thresholds_breached") == 1, rows.getString("source"));
    }

    private static String firstLine(Exception e) {
        String message = String.valueOf(e.getMessage());
        return message.lines().findFirst().orElse(message);
    }
}
