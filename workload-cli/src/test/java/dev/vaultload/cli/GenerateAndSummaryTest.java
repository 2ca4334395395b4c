package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.storage.StorageProviders;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** vaultload.jar's generate and summary commands, through the one command line. */
class GenerateAndSummaryTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = VaultloadCli.commandLine(StorageProviders::named, LiveProgress.ofConsole());
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }

    @Test
    void generateWritesTheSameFileForTheSameSeedAndSummaryLoadsIt(@TempDir Path directory) throws Exception {
        Path first = directory.resolve("first.json");
        Path second = directory.resolve("second.json");
        assertEquals(0, run("generate", "--operations", "MEDIUM", "--seed", "7", "--out", first.toString()));
        assertEquals(0, run("generate", "--operations", "1000", "--seed", "7", "--out", second.toString()));
        assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
        assertTrue(out.toString().contains("operations   1010"), out.toString());

        out.getBuffer().setLength(0);
        assertEquals(0, run("summary", first.toString()));
        assertTrue(out.toString().contains("users        10"), out.toString());
        assertTrue(out.toString().contains("  CREATE_USER 10"), out.toString());
    }

    @Test
    void sizedSkewedFixturesRecordTheirParametersAndSummaryShowsSizesMixAndPopularity(@TempDir Path directory)
            throws Exception {
        Path file = directory.resolve("sized.json");
        assertEquals(0, run("generate", "--seed", "4", "--file-sizes", "lognormal:median=100KiB,sigma=1.2",
                "--popularity", "hotspot:10%/90%", "--out", file.toString()), err.toString());
        String fixture = Files.readString(file);
        assertTrue(fixture.contains("\"fileSizes\": \"lognormal:median=102400B,sigma=1.2\""), fixture.lines().limit(20).toList().toString());
        assertTrue(fixture.contains("\"popularity\": \"hotspot:10.0%/90.0%\""));

        out.getBuffer().setLength(0);
        assertEquals(0, run("summary", file.toString()));
        assertTrue(out.toString().contains("WRITE sizes\n"), out.toString());
        assertTrue(out.toString().contains("  64 KiB - 256 KiB"), out.toString());
        assertTrue(out.toString().matches("(?s).*mix\\s+ WRITE \\d+\\.\\d %.*"), out.toString());
        assertTrue(out.toString().matches("(?s).*popularity +\\d+ documents, \\d+ operations on them: top 1 % \\d.*"), out.toString());
    }

    @Test
    void aBadDistributionIsBadInput(@TempDir Path directory) {
        assertEquals(2, run("generate", "--popularity", "zipf", "--out", directory.resolve("x.json").toString()));
        assertTrue(err.toString().contains("zipf:S"), err.toString());
    }

    @Test
    void privateOnlyHasNoShares(@TempDir Path directory) {
        Path file = directory.resolve("private.json");
        assertEquals(0, run("generate", "--private-only", "--seed", "3", "--out", file.toString()));
        assertTrue(out.toString().contains("  SHARE       0"), out.toString());
        assertTrue(out.toString().contains("inbox 0"), out.toString());
    }

    @Test
    void badOptionExitsWithTwoAndOneLineNamingIt(@TempDir Path directory) {
        assertEquals(2, run("generate", "--operations", "HUGE", "--out", directory.resolve("x.json").toString()));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().contains("'--operations'"), err.toString());
    }

    @Test
    void badWeightExitsWithTwo(@TempDir Path directory) {
        assertEquals(2, run("generate", "--weights", "write=-1", "--out", directory.resolve("x.json").toString()));
        assertTrue(err.toString().contains("weight of write must be >= 0"), err.toString());
    }

    @Test
    void badFixtureExitsWithTwoNamingFileOperationAndField(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("bad.json");
        Files.writeString(file, "{\"operations\": [{\"userId\": \"user-0\", \"type\": \"FLY\"}], "
                + "\"userPrivateSpace\": {}, \"userPublicSpace\": {}}");
        assertEquals(2, run("summary", file.toString()));
        assertEquals("vaultload: " + file + ": operation 0, field type: unknown value 'FLY'; expected one of "
                + "[CREATE_USER, WRITE, READ, SHARE, LIST, DELETE, ROTATE_KEY, REENCRYPT]", err.toString().strip());
    }
}
