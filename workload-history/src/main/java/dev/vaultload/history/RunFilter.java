package dev.vaultload.history;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code --where cipher=AES256_GCM,storage=CEPH}: the runs whose fields equal the values given, as an SQL condition
 * on {@code history_run} with its parameters (nothing of the text goes into the SQL but the column names it chose).
 */
public final class RunFilter {
    /** The fields one can filter on: each a column of history_run; the integer ones compared as integers. */
    private static final List<String> TEXT_FIELDS = List.of("mode", "suite", "storage", "engine", "cipher", "key_pair",
            "fixture", "host", "git_commit", "key_manager");
    private static final List<String> INTEGER_FIELDS = List.of("threads", "file_size_kib", "worker_nice", "kdf_iterations",
            "buckets", "cores", "jdk_major");
    public static final RunFilter ALL = new RunFilter(Map.of());

    private final Map<String, String> equal;

    private RunFilter(Map<String, String> equal) {
        this.equal = equal;
    }

    /** The runs of one configuration. */
    public static RunFilter of(Configuration configuration) {
        return new RunFilter(configuration.fields());
    }

    /**
     * @param text {@code FIELD=VALUE,...}; null or blank for every run
     * @throws IllegalArgumentException one line naming the part at fault and the fields accepted
     */
    public static RunFilter parse(String text) {
        Map<String, String> equal = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return ALL;
        }
        for (String part : text.split(",")) {
            String[] pair = part.split("=", 2);
            String field = pair[0].strip().toLowerCase(java.util.Locale.ROOT);
            if (pair.length != 2 || pair[1].isBlank()) {
                throw invalid(text, "'" + part.strip() + "' is not FIELD=VALUE");
            }
            if (!TEXT_FIELDS.contains(field) && !INTEGER_FIELDS.contains(field)) {
                throw invalid(text, "unknown field '" + pair[0].strip() + "'");
            }
            if (INTEGER_FIELDS.contains(field) && !pair[1].strip().matches("\\d{1,9}")) {
                throw invalid(text, field + " is a whole number, not '" + pair[1].strip() + "'");
            }
            equal.put(field, pair[1].strip());
        }
        return new RunFilter(equal);
    }

    /** {@code AND field = ? ...} after a condition that holds, or nothing. */
    String sql() {
        return equal.keySet().stream().map(field -> " AND r." + field + " = ?").collect(Collectors.joining());
    }

    /** Sets this filter's parameters from {@code first} on. */
    int bind(PreparedStatement statement, int first) throws SQLException {
        int index = first;
        for (Map.Entry<String, String> field : equal.entrySet()) {
            if (INTEGER_FIELDS.contains(field.getKey())) {
                statement.setInt(index++, Integer.parseInt(field.getValue()));
            } else {
                statement.setString(index++, field.getValue());
            }
        }
        return index;
    }

    private static IllegalArgumentException invalid(String text, String why) {
        return new IllegalArgumentException("Invalid --where '" + text + "': " + why + "; expected FIELD=VALUE,... with FIELD one of "
                + String.join(", ", TEXT_FIELDS) + ", " + String.join(", ", INTEGER_FIELDS));
    }
}
