package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engines;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.parse.ResultFixtures.Figures;
import dev.vaultload.parse.ResultFixtures.Run;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compare command flags a real difference, calls equal inputs within noise and warns of other differences. */
class ResultComparisonTest {
    @TempDir
    Path folder;

    @Test
    void repeatedRunsHalfAsFastAreASignificantDifferenceByWelch() throws IOException {
        Path gcm = runs("gcm", CipherSuite.AES256_GCM, 1000, 100, 102, 98);
        Path cbc = runs("cbc", CipherSuite.AES256_CBC, 1000, 50, 51, 49);

        ResultComparison.Report report = new ResultComparison(0.05).compare(List.of(gcm), List.of(cbc), null);

        assertEquals("cipher", report.dimension());
        assertEquals(List.of(), report.warnings());
        ResultComparison.Row write = report.rows().get(0);
        assertEquals("WRITE", write.key().operation());
        assertEquals(0.5, write.opsPerSecondRatio(), 1e-9);
        assertEquals(2.0, write.p50Ratio(), 1e-9);
        assertEquals("Welch t", write.verdict().method());
        assertTrue(write.verdict().pValue() < 0.001, () -> "p " + write.verdict().pValue());
        assertEquals("B slower", write.conclusion());
    }

    @Test
    void theSameResultsOnBothSidesAreWithinNoise() throws IOException {
        Path gcm = runs("gcm", CipherSuite.AES256_GCM, 1000, 100, 102, 98);

        ResultComparison.Report report = new ResultComparison(0.05).compare(List.of(gcm), List.of(gcm), null);

        assertEquals("", report.dimension());
        assertEquals(1.0, report.rows().get(0).opsPerSecondRatio(), 1e-9);
        assertEquals("within noise", report.rows().get(0).conclusion());
        assertEquals(1.0, report.rows().get(0).verdict().pValue(), 1e-9);
    }

    @Test
    void singleRunsAreComparedOnTheirIntervalsByMannWhitney() throws IOException {
        Path a = Files.createDirectories(folder.resolve("a"));
        Path b = Files.createDirectories(folder.resolve("b"));
        Path c = Files.createDirectories(folder.resolve("c"));
        Path jsonA = write(a, "a", CipherSuite.AES256_GCM, 1000, 100);
        Path jsonB = write(b, "b", CipherSuite.AES256_CBC, 1000, 60);
        Path jsonC = write(c, "c", CipherSuite.AES256_CBC, 1000, 100);
        ResultFixtures.writeIntervals(jsonA, OperationType.WRITE, 200, 204, 198, 201, 199, 203);
        ResultFixtures.writeIntervals(jsonB, OperationType.WRITE, 120, 118, 121, 119, 122, 117);
        ResultFixtures.writeIntervals(jsonC, OperationType.WRITE, 201, 199, 204, 198, 200, 202);
        ResultComparison comparison = new ResultComparison(0.05);

        ResultComparison.Row slower = comparison.compare(List.of(a), List.of(b), "cipher").rows().get(0);
        ResultComparison.Row same = comparison.compare(List.of(a), List.of(c), "cipher").rows().get(0);

        assertEquals("Mann-Whitney U", slower.verdict().method());
        assertEquals("B slower", slower.conclusion());
        assertEquals("Mann-Whitney U", same.verdict().method());
        assertEquals("within noise", same.conclusion());
    }

    @Test
    void otherDifferencesAreWarningsAndSingleRunsWithoutIntervalsUntested() throws IOException {
        Path a = Files.createDirectories(folder.resolve("a"));
        Path b = Files.createDirectories(folder.resolve("b"));
        write(a, "a", CipherSuite.AES256_GCM, 1000, 100);
        write(b, "b", CipherSuite.AES256_CBC, 210000, 90);
        ResultComparison comparison = new ResultComparison(0.05);

        ResultComparison.Report report = comparison.compare(List.of(a), List.of(b), null);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            comparison.print(report, out);
        }

        assertEquals(List.of("kdfIterations differs: A [1000], B [210000]"), report.warnings());
        assertTrue(report.rows().get(0).conclusion().startsWith("untested"));
        String text = printed.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("WARNING: kdfIterations differs: A [1000], B [210000]"), text);
        assertTrue(text.contains("WRITE\t2\t100kb\tEMBEDDED VAULTLOAD 1 bucket RandomActionsOnDatasafeTest\t200.00\t180.00\t0.900\t"), text);
    }

    @Test
    void enginesSideBySideAreTheComparedDimension() throws IOException {
        Path ours = Files.createDirectories(folder.resolve("ours"));
        Path theirs = Files.createDirectories(folder.resolve("theirs"));
        write(ours, "ours", Engines.DEFAULT, CipherSuite.AES256_GCM, 1000, 200);
        write(theirs, "theirs", "DATASAFE", CipherSuite.AES256_GCM, 1000, 50);

        ResultComparison.Report report = new ResultComparison(0.05).compare(List.of(ours), List.of(theirs), null);

        assertEquals("engine", report.dimension());
        assertEquals(List.of(), report.warnings());
        assertEquals(0.25, report.rows().get(0).opsPerSecondRatio(), 1e-9);
    }

    /** Runs of one configuration whose WRITE throughputPerThread are the given values (p50 inversely). */
    private Path runs(String name, CipherSuite cipher, int kdfIterations, double... throughputPerThread) throws IOException {
        Path results = Files.createDirectories(folder.resolve(name));
        for (int index = 0; index < throughputPerThread.length; index++) {
            write(results, name + index, cipher, kdfIterations, throughputPerThread[index]);
        }
        return results;
    }

    private static Path write(Path folder, String name, CipherSuite cipher, int kdfIterations, double throughputPerThread) {
        return write(folder, name, Engines.DEFAULT, cipher, kdfIterations, throughputPerThread);
    }

    private static Path write(Path folder, String name, String engine, CipherSuite cipher, int kdfIterations,
                              double throughputPerThread) {
        double p50Millis = 1000 / throughputPerThread;
        return ResultFixtures.writeJson(folder, name, new Run("RandomActionsOnDatasafeTest", "EMBEDDED", engine, cipher, 1,
                2, 100, kdfIterations), List.of(new Figures(OperationType.WRITE, throughputPerThread,
                p50Millis, p50Millis, p50Millis, p50Millis, 2 * p50Millis)));
    }
}
