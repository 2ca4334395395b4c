package dev.vaultload.parse;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.Engines;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.Environment;
import dev.vaultload.report.HistogramIntervalLog;
import dev.vaultload.report.JsonReportWriter;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.RunTiming;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.Interval;
import dev.vaultload.stats.OperationStatistics;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;

/** Writes JSON results (and interval logs) the way the suites do, with chosen figures. */
final class ResultFixtures {
    static final Environment ENVIRONMENT =
            new Environment("25.0.1 (Eclipse Adoptium)", "OpenJDK 64-Bit Server VM", 2, 1L << 30, "Linux", "ci", "abc123",
                    null);

    private ResultFixtures() {
    }

    /** One operation's figures: throughputPerThread and p50, p75, p90, p95, p99 in milliseconds. */
    record Figures(OperationType type, double throughputPerThread, double... percentileMillis) {
    }

    /** A run with the given configuration; {@code buckets} > 1 names the buckets as the multi-bucket suite does. */
    record Run(String suite, String storage, String engine, CipherSuite cipher, int buckets, int threads,
               int fileSizeKib, int kdfIterations) {
        static Run of(String storage, CipherSuite cipher, int threads, int fileSizeKib) {
            return new Run("RandomActionsOnDatasafeTest", storage, Engines.DEFAULT, cipher, 1, threads, fileSizeKib, 1000);
        }
    }

    static Path writeJson(Path folder, String name, Run run, List<Figures> figures) {
        return writeJson(folder, name, run, figures, 0);
    }

    /** A result whose run left out its first {@code warmupMillis} (WARMUP). */
    static Path writeJson(Path folder, String name, Run run, List<Figures> figures, long warmupMillis) {
        List<OperationStatistics> operations = figures.stream().map(ResultFixtures::statistics).toList();
        Map<String, Object> storageDetails = run.buckets() > 1
                ? Map.of("buckets", java.util.stream.IntStream.range(0, run.buckets()).mapToObj(i -> "bucket-" + i).toList())
                : Map.of();
        RunResult result = new RunResult(
                new RunSetup(RunMode.FIXTURE, run.suite(), run.storage(), "test", run.threads(), run.fileSizeKib(), "SMALL", 200,
                        ErrorMode.FAIL_FAST, 0, warmupMillis, 0),
                new EngineDescription(run.engine(), run.cipher(), "EC_P256", run.kdfIterations()),
                new RunTiming("2026-11-22T08:00:00Z", 1000, 1, null),
                operations, Map.of(), List.of(), Map.of(), ObjectOutcomes.NONE, new CpuUsage(1, 1, 1), null, storageDetails, ENVIRONMENT, null, null, null, null, null);
        Path file = folder.resolve(name + ".json");
        new JsonReportWriter(file).write(result);
        return file;
    }

    /**
     * An interval log beside {@code json} with one-second periods of {@code type}: in each, {@code operations[i]}
     * latencies drawn from a lognormal around {@code medianMicros} (sigma 0.2) times {@code scale[i]} (1 when
     * shorter), seeded so every run of a test draws the same.
     */
    static void writeIntervals(Path json, OperationType type, double medianMicros, long seed, long[] operations,
                               double... scale) {
        Random random = new Random(seed);
        try (HistogramIntervalLog log = new HistogramIntervalLog(IntervalLog.besideJson(json), "test")) {
            long startMillis = 1_700_000_000_000L;
            for (int index = 0; index < operations.length; index++) {
                double factor = index < scale.length ? scale[index] : 1;
                Histogram latencyMicros = new Histogram(3);
                for (long operation = 0; operation < operations[index]; operation++) {
                    latencyMicros.recordValue(Math.round(medianMicros * factor * Math.exp(0.2 * random.nextGaussian())));
                }
                long start = startMillis + index * 1000L;
                log.onInterval(new Interval(index, start, start + 1000, Map.of(type, latencyMicros), 0, 0, Map.of(),
                        index * 1000L, false));
            }
        }
    }

    /** {@code periods} periods of {@code operations} each. */
    static long[] steady(int periods, long operations) {
        long[] counts = new long[periods];
        java.util.Arrays.fill(counts, operations);
        return counts;
    }

    private static OperationStatistics statistics(Figures figures) {
        Map<String, Long> percentileMicros = new LinkedHashMap<>();
        for (int index = 0; index < Measurement.PERCENTILES.size(); index++) {
            percentileMicros.put(Measurement.PERCENTILES.get(index), Math.round(figures.percentileMillis()[index] * 1000));
        }
        percentileMicros.put("99.9", Math.round(figures.percentileMillis()[4] * 1000));
        return new OperationStatistics(figures.type(), 10, Map.of(), percentileMicros, 1, 2, 1.5, 15,
                figures.throughputPerThread(), 1000, 10, 1, 1024, "", Map.of(), null, null, null, null);
    }
}
