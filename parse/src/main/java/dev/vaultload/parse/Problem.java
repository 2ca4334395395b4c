package dev.vaultload.parse;

import java.nio.file.Path;

/** An input line or file that could not be read; reported, never skipped silently. */
public record Problem(Path source, long lineNumber, String message) {

    @Override
    public String toString() {
        return source + (lineNumber > 0 ? ":" + lineNumber : "") + ": " + message;
    }
}
