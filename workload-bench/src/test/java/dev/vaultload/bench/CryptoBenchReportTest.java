package dev.vaultload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CryptoBenchReportTest {

    private static final long MIB = 1024 * 1024;

    private static JmhFigure figure(String benchmark, String cipher, Double... iterations) {
        double mean = List.of(iterations).stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        return new JmhFigure(benchmark, cipher, MIB, mean, List.of(iterations));
    }

    private static final JmhFigure BANDWIDTH = figure(CryptoBenchReport.BANDWIDTH, "", 80_000.0, 90_000.0, 88_000.0, 89_000.0);

    @Test
    void aFigureAboveTheMemoryBandwidthFailsNamingBenchmarkCipherAndSize() {
        JmhFigure impossible = figure("VaultCryptoBenchmark.vaultEncrypt", "NONE", 5_000_000.0);

        List<String> failures = new CryptoBenchReport(List.of(BANDWIDTH, impossible), Map.of()).failures();

        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).startsWith("VaultCryptoBenchmark.vaultEncrypt NONE at 1 MiB: 5000000 MB/s exceeds"), failures.get(0));
    }

    @Test
    void aBaselineStillWarmingUpFailsButAVaultPathIsNotJudged() {
        JmhFigure warming = figure("VaultCryptoBenchmark.rawJceDecrypt", "AES256_GCM", 436.0, 450.0, 12_000.0, 13_000.0);
        JmhFigure vaultWarming = figure("VaultCryptoBenchmark.vaultDecrypt", "AES256_GCM", 436.0, 450.0, 12_000.0, 13_000.0);

        List<String> failures = new CryptoBenchReport(List.of(BANDWIDTH, warming, vaultWarming), Map.of()).failures();

        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).startsWith("VaultCryptoBenchmark.rawJceDecrypt AES256_GCM at 1 MiB: baseline not at steady state"));
    }

    @Test
    void oneDisturbedIterationIsSteadyAndTooFewIterationsAreNotJudged() {
        JmhFigure disturbed = figure("VaultCryptoBenchmark.rawJceDecrypt", "AES256_CBC", 20_000.0, 11_000.0, 20_500.0, 19_800.0, 20_100.0, 20_300.0);
        JmhFigure smoke = figure("VaultCryptoBenchmark.rawJceEncrypt", "AES256_CBC", 900.0);

        CryptoBenchReport report = new CryptoBenchReport(List.of(BANDWIDTH, disturbed, smoke), Map.of());

        assertEquals(List.of(), report.failures());
        assertTrue(report.notJudged().orElseThrow().startsWith("steady state not judged for 1 baselines"));
    }
}
