package dev.vaultload.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The version of a result's JSON, {@code MAJOR.MINOR}: a minor version adds fields that older readers skip, a major
 * one changes what a field means, so a reader refuses a major version newer than its own rather than misread it.
 * Results written before the field existed are version 1.0.
 */
public final class ResultFormatVersion {
    /** The JSON field that carries it. */
    public static final String FIELD = "formatVersion";
    /**
     * 2.0: the mode is recorded in the setup; 2.1: a result recovered from a run journal says it is incomplete; 2.2: each
     * operation says what it asked of the store ({@code storeTraffic}); 2.3: READ says what its ranged reads fetched and
     * decrypted per byte returned ({@code rangedReads}); 2.4: a RATE run's section holds the rotation sweep beside its
     * load ({@code sweep}); 2.5: a resumed run's {@code gaps}; 2.6: a merge's shards and overlap say when a restarted
     * shard had no process ({@code merge.shards[].gaps}, {@code merge.overlap.gapMillis}); 2.7: a shard restarted
     * before its replay began says so ({@code shard.restartsBeforeReplay}, {@code merge.shards[].restartsBeforeReplay}).
     */
    public static final String CURRENT = "2.7";
    private static final String BEFORE_THE_FIELD = "1.0";
    private static final JsonFactory JSON = new JsonFactory();

    private ResultFormatVersion() {
    }

    /**
     * Refuses a result file of a newer major version. Read before the result is mapped, so that a newer result is named
     * as such rather than as malformed; a file that is not a JSON object passes, for the mapping to name its fault.
     *
     * @throws IllegalArgumentException naming the file and both versions when its major version is newer than this
     *                                  reader's, or the version is not {@code MAJOR.MINOR}
     */
    public static void requireReadable(Path file) {
        String version = topLevelVersion(file).orElse(BEFORE_THE_FIELD);
        if (!version.matches("\\d{1,4}\\.\\d{1,4}")) {
            throw new IllegalArgumentException(file + ": " + FIELD + " '" + version + "' is not MAJOR.MINOR");
        }
        if (major(version) > major(CURRENT)) {
            throw new IllegalArgumentException(file + ": result format " + version + " was written by a newer Vaultload;"
                    + " this one reads up to " + major(CURRENT) + ".x: read it with the version that wrote it");
        }
    }

    /** The top-level field's text, streamed (the writer puts it first); empty when absent or the file is not JSON. */
    private static Optional<String> topLevelVersion(Path file) {
        try (JsonParser parser = JSON.createParser(file.toFile())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (FIELD.equals(name)) {
                    return value.isScalarValue() ? Optional.of(parser.getText()) : Optional.of(value.asString());
                }
                parser.skipChildren();
            }
        } catch (IOException malformed) {
            // the mapping that follows names the fault and where it is
        }
        return Optional.empty();
    }

    private static int major(String version) {
        return Integer.parseInt(version.substring(0, version.indexOf('.')));
    }
}
