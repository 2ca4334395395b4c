package dev.vaultload.report;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The version of a result's JSON, {@code MAJOR.MINOR}: a minor version adds fields that older readers skip, a major
 * one changes what a field means, so a reader refuses a major version newer than its own rather than misread it.
 * Results written before the field existed are version 1.0.
 */
public final class ResultFormatVersion {
    /** The JSON field that carries it. */
    public static final String FIELD = "formatVersion";
    /** 2.0: the mode is recorded in the setup. */
    public static final String CURRENT = "2.0";
    private static final String BEFORE_THE_FIELD = "1.0";

    private ResultFormatVersion() {
    }

    /**
     * @param result the whole JSON result
     * @param source where it was read, for the message
     * @throws IllegalArgumentException naming the source and both versions when its major version is newer than this
     *                                  reader's, or the version is not {@code MAJOR.MINOR}
     */
    public static void requireReadable(JsonNode result, String source) {
        JsonNode field = result.get(FIELD);
        String version = field == null || field.isNull() ? BEFORE_THE_FIELD : field.asText();
        if (!version.matches("\\d{1,4}\\.\\d{1,4}")) {
            throw new IllegalArgumentException(source + ": " + FIELD + " '" + version + "' is not MAJOR.MINOR");
        }
        if (major(version) > major(CURRENT)) {
            throw new IllegalArgumentException(source + ": result format " + version + " was written by a newer Vaultload;"
                    + " this one reads up to " + major(CURRENT) + ".x: read it with the version that wrote it");
        }
    }

    private static int major(String version) {
        return Integer.parseInt(version.substring(0, version.indexOf('.')));
    }
}
