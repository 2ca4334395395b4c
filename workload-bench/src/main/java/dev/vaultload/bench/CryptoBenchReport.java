package dev.vaultload.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * scripts/crypto-bench.sh's table and checks over one JMH JSON result of VaultCryptoBenchmark and
 * MemoryBandwidthBenchmark, with openssl's figures beside them. A figure fails, named by benchmark, cipher and size,
 * when it exceeds the memory bandwidth measured at its size, or when it is a baseline (raw JCE, the bandwidth itself)
 * not at steady state ({@link SteadyStateRule}).
 */
final class CryptoBenchReport {

    static final String BANDWIDTH = "MemoryBandwidthBenchmark.read";
    /** How far a figure may pass the best bandwidth iteration before it is called impossible: run-to-run noise. */
    static final double BANDWIDTH_NOISE = 0.10;
    private static final List<String> CIPHER_ORDER = List.of("AES256_GCM", "AES256_CBC", "CHACHA20_POLY1305", "NONE");

    private final List<JmhFigure> figures;
    private final Map<String, Double> opensslMegabytesPerSecond;

    CryptoBenchReport(List<JmhFigure> figures, Map<String, Double> opensslMegabytesPerSecond) {
        this.figures = figures;
        this.opensslMegabytesPerSecond = opensslMegabytesPerSecond;
    }

    /** The best iteration of the bandwidth benchmark at this size: the least disturbed measure of the ceiling. */
    Optional<Double> bandwidthMegabytesPerSecond(long sizeBytes) {
        return figures.stream().filter(f -> f.benchmark().equals(BANDWIDTH) && f.sizeBytes() == sizeBytes)
                .flatMap(f -> f.iterationMegabytesPerSecond().stream()).max(Double::compare);
    }

    List<String> failures() {
        List<String> failures = new ArrayList<>();
        for (JmhFigure figure : figures) {
            Optional<Double> bandwidth = bandwidthMegabytesPerSecond(figure.sizeBytes());
            if (bandwidth.isEmpty()) {
                failures.add(figure.describe() + ": no memory bandwidth was measured at this size");
            } else if (figure.megabytesPerSecond() > bandwidth.get() * (1 + BANDWIDTH_NOISE)) {
                failures.add(String.format("%s: %.0f MB/s exceeds the memory bandwidth at this size, %.0f MB/s (+%.0f%% allowed):"
                        + " the benchmark cannot be doing the work it claims", figure.describe(), figure.megabytesPerSecond(),
                        bandwidth.get(), BANDWIDTH_NOISE * 100));
            }
            if (isBaseline(figure) && SteadyStateRule.judges(figure.iterationMegabytesPerSecond())) {
                SteadyStateRule.violation(figure.iterationMegabytesPerSecond()).ifPresent(why ->
                        failures.add(figure.describe() + ": baseline not at steady state: " + why));
            }
        }
        return failures;
    }

    /** One line naming how many baselines had too few iterations to judge, if any. */
    Optional<String> notJudged() {
        long count = figures.stream().filter(f -> isBaseline(f) && !SteadyStateRule.judges(f.iterationMegabytesPerSecond())).count();
        return count == 0 ? Optional.empty() : Optional.of(String.format(
                "steady state not judged for %d baselines: fewer than %d measurement iterations", count, SteadyStateRule.MIN_ITERATIONS));
    }

    private static boolean isBaseline(JmhFigure figure) {
        return figure.benchmark().equals(BANDWIDTH) || figure.benchmark().startsWith("VaultCryptoBenchmark.rawJce");
    }

    void printBandwidth() {
        for (long sizeBytes : sizes()) {
            bandwidthMegabytesPerSecond(sizeBytes).ifPresent(mbs -> System.out.printf(
                    "memory bandwidth (%s, best iteration) at %s: %.0f MB/s%n", BANDWIDTH, JmhFigure.sizeText(sizeBytes), mbs));
        }
    }

    void printTable() {
        System.out.printf("%n| cipher | size | op | vault MB/s | raw JCE MB/s | openssl MB/s | vault/JCE | vault/openssl |%n");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|");
        for (String cipher : CIPHER_ORDER) {
            for (long sizeBytes : sizes()) {
                for (String op : List.of("encrypt", "decrypt")) {
                    String method = Character.toUpperCase(op.charAt(0)) + op.substring(1);
                    Optional<Double> vault = score("VaultCryptoBenchmark.vault" + method, cipher, sizeBytes);
                    Optional<Double> raw = score("VaultCryptoBenchmark.rawJce" + method, cipher, sizeBytes);
                    if (vault.isEmpty() || raw.isEmpty()) {
                        continue;
                    }
                    Double openssl = opensslMegabytesPerSecond.get(cipher + " " + op);
                    System.out.printf("| %s | %s | %s | %.0f | %.0f | %s | %.2f | %s |%n", cipher, JmhFigure.sizeText(sizeBytes), op,
                            vault.get(), raw.get(), openssl == null ? "-" : String.format("%.0f", openssl), vault.get() / raw.get(),
                            openssl == null ? "-" : String.format("%.2f", vault.get() / openssl));
                }
            }
        }
        System.out.println();
    }

    private Optional<Double> score(String benchmark, String cipher, long sizeBytes) {
        return figures.stream().filter(f -> f.benchmark().equals(benchmark) && f.cipher().equals(cipher) && f.sizeBytes() == sizeBytes)
                .map(JmhFigure::megabytesPerSecond).findFirst();
    }

    private TreeSet<Long> sizes() {
        TreeSet<Long> sizes = new TreeSet<>();
        figures.forEach(f -> sizes.add(f.sizeBytes()));
        return sizes;
    }
}
