package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engines;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.parse.ResultFixtures.Figures;
import dev.vaultload.parse.ResultFixtures.Run;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compare command on results with known figures: a real difference is significant with the right sign and an
 * interval around the true ratio, equal inputs are within noise, the warm-up is left out, and what cannot be
 * tested says what is missing.
 */
class ResultComparisonTest {
    private static final long[] TWENTY_PERIODS = ResultFixtures.steady(20, 200);

    @TempDir
    Path folder;

    @Test
    void repeatedRunsTwiceAsSlowAreSignificantInThroughputAndLatency() throws IOException {
        Path gcm = runsWithLogs("gcm", CipherSuite.AES256_GCM, 1000, 200, 3, 1);
        Path cbc = runsWithLogs("cbc", CipherSuite.AES256_CBC, 2000, 100, 3, 100);

        ResultComparison.Report report = new ResultComparison(0.05, null).compare(List.of(gcm), List.of(cbc), null);

        assertEquals("cipher", report.dimension());
        assertEquals(List.of(), report.warnings());
        ResultComparison.Row write = report.rows().get(0);
        assertEquals("WRITE", write.key().operation());
        assertEquals(60, write.periodsA());
        assertEquals(0.5, write.throughput().ratio(), 0.02);
        assertTrue(write.throughput().low() < 0.5 && write.throughput().high() > 0.5 && write.throughput().high() < 0.6,
                write.throughput()::format);
        assertEquals("B slower", write.throughputConclusion());
        assertEquals(2.0, write.p50().ratio(), 0.05);
        assertTrue(write.p50().low() > 1.8 && write.p50().high() < 2.2, write.p50()::format);
        assertTrue(write.p50().pValue() < 0.01, () -> "p " + write.p50().pValue());
        assertEquals("B slower", write.latencyConclusion());
    }

    @Test
    void theSameResultsOnBothSidesAreWithinNoise() throws IOException {
        Path gcm = runsWithLogs("gcm", CipherSuite.AES256_GCM, 1000, 200, 3, 1);

        ResultComparison.Row row = new ResultComparison(0.05, null).compare(List.of(gcm), List.of(gcm), null).rows().get(0);

        assertEquals(1.0, row.throughput().ratio(), 1e-9);
        assertEquals("within noise", row.throughputConclusion());
        assertEquals(1.0, row.p50().ratio(), 1e-9);
        assertTrue(row.p50().low() < 1 && row.p50().high() > 1, row.p50()::format);
        assertEquals("within noise", row.latencyConclusion());
    }

    @Test
    void singleRunsAreTestedOnLatencyOnly() throws IOException {
        Path a = runsWithLogs("a", CipherSuite.AES256_GCM, 1000, 200, 1, 1);
        Path slower = runsWithLogs("slower", CipherSuite.AES256_CBC, 1200, 200, 1, 3);

        ResultComparison.Row row = new ResultComparison(0.05, null).compare(List.of(a), List.of(slower), "cipher")
                .rows().get(0);

        assertEquals("B slower", row.latencyConclusion(), row.p50()::format);
        assertTrue(row.p50().low() > 1.1 && row.p50().high() < 1.3, row.p50()::format);
        assertTrue(row.throughputConclusion().startsWith("untested: needs >= 2 runs of the same configuration a side (A 1, B 1)"),
                row::throughputConclusion);
    }

    @Test
    void theWarmUpIsLeftOutOfEveryFigure() throws IOException {
        Path a = Files.createDirectories(folder.resolve("a"));
        Path b = Files.createDirectories(folder.resolve("b"));
        ResultFixtures.writeIntervals(write(a, "a", CipherSuite.AES256_GCM, 1000, 100), OperationType.WRITE, 1000, 1,
                TWENTY_PERIODS);
        // B's first 5 periods are 10 times slower, as a cold JIT would make them
        ResultFixtures.writeIntervals(write(b, "b", CipherSuite.AES256_CBC, 1000, 100), OperationType.WRITE, 1000, 2,
                TWENTY_PERIODS, 10, 10, 10, 10, 10);

        ResultComparison.Report cold = new ResultComparison(0.05, Duration.ZERO).compare(List.of(a), List.of(b), null);
        ResultComparison.Report warm = new ResultComparison(0.05, Duration.ofSeconds(5)).compare(List.of(a), List.of(b), null);

        assertEquals("B slower", cold.rows().get(0).latencyConclusion());
        assertEquals(20, cold.rows().get(0).periodsB());
        assertEquals("within noise", warm.rows().get(0).latencyConclusion(), warm.rows().get(0).p50()::format);
        assertEquals(15, warm.rows().get(0).periodsB());
        assertTrue(warm.warmup().contains("5.0 s"), warm::warmup);
    }

    @Test
    void anOperationOnlyInTheWarmUpIsLeftOutNotACrash() throws IOException {
        Path a = runsWithLogs("a", CipherSuite.AES256_GCM, 1000, 200, 2, 1);

        ResultComparison.Report report = new ResultComparison(0.05, Duration.ofSeconds(30)).compare(List.of(a), List.of(a), null);

        assertEquals(List.of(), report.rows());
        assertEquals(List.of("WRITE"), report.unmeasured());
        assertFalse(report.answers());
    }

    @Test
    void eachRunsOwnWarmupIsTheDefault() throws IOException {
        Path a = Files.createDirectories(folder.resolve("a"));
        ResultFixtures.writeIntervals(ResultFixtures.writeJson(a, "a", Run.of("EMBEDDED", CipherSuite.AES256_GCM, 2, 100),
                List.of(figures(100)), 3000), OperationType.WRITE, 1000, 1, TWENTY_PERIODS);

        ResultComparison.Report report = new ResultComparison(0.05, null).compare(List.of(a), List.of(a), null);

        assertEquals(17, report.rows().get(0).periodsA());
        assertTrue(report.warmup().startsWith("the first 3.0 s of every run left out (each run's WARMUP)"), report::warmup);
    }

    @Test
    void tooFewPeriodsAfterTheWarmUpAreUntestedAndSayWhatIsMissing() throws IOException {
        Path a = Files.createDirectories(folder.resolve("a"));
        Path b = Files.createDirectories(folder.resolve("b"));
        ResultFixtures.writeIntervals(write(a, "a", CipherSuite.AES256_GCM, 1000, 100), OperationType.WRITE, 1000, 1,
                ResultFixtures.steady(12, 200));
        ResultFixtures.writeIntervals(write(b, "b", CipherSuite.AES256_CBC, 1000, 100), OperationType.WRITE, 2000, 2,
                ResultFixtures.steady(12, 200));

        ResultComparison.Row row = new ResultComparison(0.05, Duration.ofSeconds(3)).compare(List.of(a), List.of(b), null)
                .rows().get(0);

        assertFalse(row.p50().tested());
        assertEquals(2.0, row.p50().ratio(), 0.1);
        assertTrue(row.latencyConclusion().startsWith("untested: needs 10+ periods after the warm-up a side (A 9, B 9)"),
                row::latencyConclusion);
    }

    @Test
    void otherDifferencesAreWarningsAndResultsWithoutIntervalLogsUntested() throws IOException {
        Path a = Files.createDirectories(folder.resolve("a"));
        Path b = Files.createDirectories(folder.resolve("b"));
        write(a, "a", CipherSuite.AES256_GCM, 1000, 100);
        write(b, "b", CipherSuite.AES256_CBC, 210000, 90);
        ResultComparison.Report report = new ResultComparison(0.05, null).compare(List.of(a), List.of(b), null);
        StringWriter printed = new StringWriter();
        ResultComparison.printTsv(report, new PrintWriter(printed));

        assertEquals(List.of("kdfIterations differs: A [1000], B [210000]"), report.warnings());
        assertTrue(report.rows().get(0).latencyConclusion().startsWith("untested: no interval log"));
        String text = printed.toString();
        assertTrue(text.contains("WARNING: kdfIterations differs: A [1000], B [210000]"), text);
        assertTrue(text.contains("Warm-up: the first 0.0 s of every run left out"), text);
        assertTrue(text.contains("WRITE\t2\t100kb\tEMBEDDED VAULTLOAD 1 bucket RandomActionsOnDatasafeTest\t1/1\t0/0\t"
                + "200.00\t180.00\t0.900\tuntested: no interval log"), text);
    }

    @Test
    void enginesSideBySideAreTheComparedDimension() throws IOException {
        Path ours = Files.createDirectories(folder.resolve("ours"));
        Path theirs = Files.createDirectories(folder.resolve("theirs"));
        write(ours, "ours", Engines.DEFAULT, CipherSuite.AES256_GCM, 1000, 200);
        write(theirs, "theirs", "DATASAFE", CipherSuite.AES256_GCM, 1000, 50);

        ResultComparison.Report report = new ResultComparison(0.05, null).compare(List.of(ours), List.of(theirs), null);

        assertEquals("engine", report.dimension());
        assertEquals(List.of(), report.warnings());
        assertEquals(0.25, report.rows().get(0).throughput().ratio(), 1e-9);
    }

    /**
     * {@code runs} runs of one configuration, each with 20 one-second periods of WRITEs around {@code medianMicros}
     * and about {@code opsPerPeriod} a period (a few percent apart from run to run).
     */
    private Path runsWithLogs(String name, CipherSuite cipher, double medianMicros, long opsPerPeriod, int runs, long seed)
            throws IOException {
        Path results = Files.createDirectories(folder.resolve(name));
        for (int index = 0; index < runs; index++) {
            Path json = write(results, name + index, cipher, 1000, 100);
            long operations = opsPerPeriod + (index - 1) * opsPerPeriod / 50;
            ResultFixtures.writeIntervals(json, OperationType.WRITE, medianMicros, seed * 31 + index,
                    ResultFixtures.steady(20, operations));
        }
        return results;
    }

    private static Path write(Path folder, String name, CipherSuite cipher, int kdfIterations, double throughputPerThread) {
        return write(folder, name, Engines.DEFAULT, cipher, kdfIterations, throughputPerThread);
    }

    private static Path write(Path folder, String name, String engine, CipherSuite cipher, int kdfIterations,
                              double throughputPerThread) {
        return ResultFixtures.writeJson(folder, name, new Run("RandomActionsOnDatasafeTest", "EMBEDDED", engine, cipher, 1,
                2, 100, kdfIterations), List.of(figures(throughputPerThread)), 0);
    }

    /** WRITE figures whose p50 follows from the throughput, as in a closed loop. */
    private static Figures figures(double throughputPerThread) {
        double p50Millis = 1000 / throughputPerThread;
        return new Figures(OperationType.WRITE, throughputPerThread, p50Millis, p50Millis, p50Millis, p50Millis,
                2 * p50Millis);
    }
}
