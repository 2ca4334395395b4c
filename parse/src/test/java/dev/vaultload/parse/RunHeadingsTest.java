package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.report.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunHeadingsTest {
    private static final String TITLE = "MEMORY with 2 threads and 100 Kb filesize";

    @TempDir
    Path folder;

    @Test
    void headingsNameWhatDiffersAndRepeatsTheirStart() throws IOException {
        RunResult gcm = read(new SyntheticRun().cipher(CipherSuite.AES256_GCM).write(folder, "gcm"));
        RunResult again = read(new SyntheticRun().cipher(CipherSuite.AES256_GCM).startingAt(1_800_000_600_000L)
                .write(folder, "again"));
        RunResult cbc = read(new SyntheticRun().cipher(CipherSuite.AES256_CBC).write(folder, "cbc"));

        assertEquals(List.of(TITLE), RunHeadings.of(List.of(gcm)));
        assertEquals(List.of(TITLE + " · cipher AES256_GCM · started 2027-01-15T08:00:00Z",
                TITLE + " · cipher AES256_GCM · started 2027-01-15T08:10:00Z", TITLE + " · cipher AES256_CBC"),
                RunHeadings.of(List.of(gcm, again, cbc)));
    }

    @Test
    void aLoadModesHeadingNamesItsModeFirst() throws IOException {
        RunResult rate = read(new SyntheticRun().rate(100).write(folder, "rate"));

        assertEquals(List.of("RATE 100.00 ops/s: " + TITLE), RunHeadings.of(List.of(rate)));
    }

    private static RunResult read(Path json) throws IOException {
        return JsonResultReader.runResult(json);
    }
}
