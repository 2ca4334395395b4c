package dev.vaultload.parse;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.WriteReadFixture;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.InjectedLatency;
import dev.vaultload.storage.LatencyInjectingBlobStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Is {@code compare} right about real runs? Runs of known truth, a WRITE/READ fixture on MEMORY behind a
 * {@link LatencyInjectingBlobStore} (lognormal, median 2 ms, sigma 0.25) through the plaintext test engine, and
 * trials of two kinds: A against B with 10% more injected latency (power: how often B is called slower), A against
 * another run of A (size: how often equal runs are called within noise). Runs of a trial follow each other (A,
 * A', B), so slow drift of the machine touches all three alike.
 *
 * <p>{@code main(RUN_SECONDS TRIALS)} prints power and size for one run length; scripts/calibrate-compare.sh runs it
 * for several.
 */
public final class CompareCalibration {
    static final Duration MEDIAN = Duration.ofMillis(2);
    static final double SIGMA = 0.25;
    static final double SLOWER = 1.10;
    static final Duration PERIOD = Duration.ofMillis(100);
    static final Duration WARMUP = Duration.ofMillis(500);
    static final int THREADS = 2;
    private static final int PAIRS_PER_PASS = 50;

    private final Path folder;
    private final Duration runLength;
    private final ResultComparison comparison = new ResultComparison(0.05, null);

    /**
     * How the trials came out.
     *
     * @param slowerFound          trials where +10% was called "B slower"
     * @param equalCalledDifferent trials where A against A was called anything but "within noise" or untested
     * @param untested             comparisons (of either kind) without a verdict: the runs were too short
     */
    public record Outcome(int trials, int slowerFound, int equalCalledDifferent, int untested, List<String> details) {
        public double power() {
            return slowerFound / (double) trials;
        }

        public double size() {
            return equalCalledDifferent / (double) trials;
        }
    }

    CompareCalibration(Path folder, Duration runLength) {
        this.folder = folder;
        this.runLength = runLength;
    }

    Outcome trials(int trials) {
        run(folder.resolve("warm-up"), 1.0);
        int slowerFound = 0;
        int calledDifferent = 0;
        int untested = 0;
        List<String> details = new ArrayList<>();
        for (int trial = 0; trial < trials; trial++) {
            Path a = run(folder.resolve("a-" + trial), 1.0);
            Path again = run(folder.resolve("a-again-" + trial), 1.0);
            Path b = run(folder.resolve("b-" + trial), SLOWER);
            ResultComparison.Row slower = read(comparison.compare(List.of(a), List.of(b), null));
            ResultComparison.Row equal = read(comparison.compare(List.of(a), List.of(again), null));
            slowerFound += "B slower".equals(slower.latencyConclusion()) ? 1 : 0;
            calledDifferent += equal.p50().significant() ? 1 : 0;
            untested += (slower.p50().tested() ? 0 : 1) + (equal.p50().tested() ? 0 : 1);
            details.add("trial " + trial + ": +10% " + slower.p50().format() + " " + slower.latencyConclusion()
                    + "; A vs A " + equal.p50().format() + " " + equal.latencyConclusion());
        }
        return new Outcome(trials, slowerFound, calledDifferent, untested, details);
    }

    private static ResultComparison.Row read(ResultComparison.Report report) {
        return report.rows().stream().filter(row -> row.key().operation().equals("READ")).findFirst().orElseThrow();
    }

    /** One run with the median latency times {@code scale}; its results folder. */
    Path run(Path reports, double scale) {
        try {
            Files.createDirectories(reports);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        RunConfig config = new RunConfig(List.of("MEMORY"), List.of(PlaintextEngine.NAME), List.of(THREADS), List.of(1),
                new RunConfig.FixtureSource.Committed(FixtureSize.SMALL), CipherSuite.NONE, 1000, Optional.of(runLength),
                ErrorMode.FAIL_FAST, PERIOD, WARMUP, OptionalDouble.empty(), 1, reports);
        InjectedLatency latency = new InjectedLatency.LogNormal(
                Duration.ofNanos(Math.round(MEDIAN.toNanos() * scale)), SIGMA);
        new WorkloadRunner(config, "CompareCalibration", new ContentGenerator())
                .run(new Combination("MEMORY", THREADS, 1), WriteReadFixture.pairs(PAIRS_PER_PASS), "write-read",
                        new LatencyInjectingBlobStore(new InMemoryBlobStore("calibration"), latency), PlaintextEngine::new,
                        users -> Map.of());
        return reports;
    }


    /** {@code RUN_SECONDS TRIALS}: prints power and size at that run length. */
    public static void main(String[] args) throws IOException {
        Duration runLength = Duration.ofSeconds(Long.parseLong(args[0]));
        int trials = Integer.parseInt(args[1]);
        Path folder = Files.createTempDirectory("vaultload-calibration");
        Outcome outcome = new CompareCalibration(folder, runLength).trials(trials);
        outcome.details().forEach(System.out::println);
        System.out.printf("run %ds (warm-up %d ms, period %d ms, %d threads): power %.2f (%d/%d found +10%%), size %.2f"
                        + " (%d/%d A-vs-A called different), %d comparisons untested%n", runLength.toSeconds(),
                WARMUP.toMillis(), PERIOD.toMillis(), THREADS, outcome.power(), outcome.slowerFound(), trials, outcome.size(),
                outcome.equalCalledDifferent(), trials, outcome.untested());
    }
}
