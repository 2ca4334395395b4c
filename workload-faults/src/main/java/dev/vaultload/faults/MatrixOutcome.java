package dev.vaultload.faults;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a matrix leaves: its Markdown table, and why cells do not hold (empty when every cell holds).
 *
 * @param problems one line per cell that does not hold, naming it and why; or one for the whole matrix
 */
record MatrixOutcome(String table, List<String> problems) {

    boolean holds() {
        return problems.isEmpty();
    }

    /** Writes the table to {@code tableFile} (creating its directory) and prints it, then each problem. */
    void report(Path tableFile, PrintWriter out, PrintWriter err) throws IOException {
        Path directory = tableFile.toAbsolutePath().getParent();
        Files.createDirectories(directory);
        Files.writeString(tableFile, table);
        out.println(table);
        out.flush();
        problems.forEach(problem -> err.println("FAIL: " + problem));
        err.flush();
    }
}
