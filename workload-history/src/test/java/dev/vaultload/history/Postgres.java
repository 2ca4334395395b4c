package dev.vaultload.history;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * The PostgreSQL of scripts/start-postgres.sh (HISTORY_POSTGRES_URL, _USER, _PASSWORD), with a fresh schema for
 * each test; none when unset, unless VAULTLOAD_REQUIRE_POSTGRES=true (CI), where its absence fails the test.
 */
final class Postgres {

    private Postgres() {
    }

    static Optional<HistoryStoreTest.Database> fresh() {
        String url = System.getenv("HISTORY_POSTGRES_URL");
        if (url == null || url.isBlank()) {
            if (Boolean.parseBoolean(System.getenv("VAULTLOAD_REQUIRE_POSTGRES"))) {
                fail("HISTORY_POSTGRES_URL is unset (VAULTLOAD_REQUIRE_POSTGRES=true): start scripts/start-postgres.sh");
            }
            return Optional.empty();
        }
        String user = System.getenv("HISTORY_POSTGRES_USER");
        String password = System.getenv("HISTORY_POSTGRES_PASSWORD");
        String schema = "history_test_" + System.nanoTime();
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot make a schema in " + url + ": " + e.getMessage(), e);
        }
        return Optional.of(new HistoryStoreTest.Database("PostgreSQL", url + (url.contains("?") ? "&" : "?")
                + "currentSchema=" + schema, user, password));
    }
}
