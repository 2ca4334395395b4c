package dev.vaultload.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code crypto-report JMH_JSON OPENSSL_FIGURES}: the {@link CryptoBenchReport} of scripts/crypto-bench.sh on stdout,
 * each failing figure on stderr; exit status 1 when any figure fails.
 */
@Command(name = "crypto-report", mixinStandardHelpOptions = true,
        description = "The crypto bench's table from JMH's JSON result and openssl's figures; exit 1 when a figure"
                + " exceeds the memory bandwidth or a baseline is not at steady state")
final class CryptoReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "JMH_JSON",
            description = "JMH's result (-rf json) of VaultCryptoBenchmark and MemoryBandwidthBenchmark")
    private Path jmhJson;

    @Parameters(index = "1", paramLabel = "OPENSSL_FIGURES",
            description = "lines \"CIPHER encrypt|decrypt MB/s\"; a line without a figure is left out")
    private Path opensslFigures;

    @Override
    public Integer call() throws IOException {
        CryptoBenchReport report = new CryptoBenchReport(JmhFigure.read(jmhJson), openssl());
        report.printBandwidth();
        report.printTable();
        List<String> failures = report.failures();
        report.notJudged().ifPresent(System.out::println);
        failures.forEach(failure -> System.err.println("FAIL: " + failure));
        return failures.isEmpty() ? BenchCommand.RAN : BenchCommand.FAILED;
    }

    /** MB/s by "CIPHER op". */
    private Map<String, Double> openssl() throws IOException {
        Map<String, Double> megabytesPerSecond = new HashMap<>();
        for (String line : Files.readAllLines(opensslFigures)) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length == 3 && !fields[2].isEmpty()) {
                megabytesPerSecond.put(fields[0] + " " + fields[1], Double.parseDouble(fields[2]));
            }
        }
        return megabytesPerSecond;
    }
}
