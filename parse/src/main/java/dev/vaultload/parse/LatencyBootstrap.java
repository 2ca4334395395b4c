package dev.vaultload.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Ratios B/A of latency percentiles with bootstrap confidence intervals, computed from the recorded histograms.
 *
 * <p>Operations of one run are not independent (a slow second slows all of them), so single operations are not
 * resampled: whole periods are, and runs first when a side has several (a two-level bootstrap, which carries
 * run-to-run variation into the interval). A side's percentile is taken from the sum of the drawn periods'
 * histograms, so it is the percentile of the pooled operations, never an average of percentiles. A long run's
 * periods are merged into at most {@link #MAX_BLOCKS} consecutive blocks, which keeps a draw cheap and makes the
 * blocks longer than any short-range dependence. The p-value is twice the share of draws on the far side of 1.
 */
public final class LatencyBootstrap {
    /**
     * Fewer kept periods than this a side make the bootstrap interval too narrow, so that equal sides are called
     * different more often than alpha allows (LatencyBootstrapTest, on synthetic data of known truth; figures in
     * docs/measurements/2026-11-23-compare-calibration.md).
     */
    public static final int MIN_INTERVALS = 10;
    private static final int MAX_BLOCKS = 200;

    private final int iterations;
    private final double alpha;
    private final long seed;

    /**
     * @param iterations draws per comparison, e.g. 2000
     * @param alpha      1 - confidence of the interval
     * @param seed       the same inputs give the same intervals
     */
    public LatencyBootstrap(int iterations, double alpha, long seed) {
        this.iterations = iterations;
        this.alpha = alpha;
        this.seed = seed;
    }

    /**
     * @param runsA       side A: per run, its kept periods
     * @param runsB       side B
     * @param percentiles e.g. 50 and 99
     * @return per percentile (same order), the ratio B/A
     */
    public List<Effect> ratios(List<List<IntervalLatencies>> runsA, List<List<IntervalLatencies>> runsB,
                               List<Double> percentiles) {
        Side a = new Side(runsA);
        Side b = new Side(runsB);
        List<Effect> effects = new ArrayList<>();
        int intervalsA = a.intervals();
        int intervalsB = b.intervals();
        if (intervalsA < MIN_INTERVALS || intervalsB < MIN_INTERVALS) {
            String missing = "needs " + MIN_INTERVALS + "+ periods after the warm-up a side (A " + intervalsA + ", B "
                    + intervalsB + "); run longer or with a shorter PERIOD";
            percentiles.forEach(p -> effects.add(Effect.untested(a.pooledPercentile(p) > 0
                    ? b.pooledPercentile(p) / a.pooledPercentile(p) : Double.NaN, missing)));
            return effects;
        }
        double[][] logRatios = new double[percentiles.size()][iterations];
        SplittableRandom random = new SplittableRandom(seed);
        for (int draw = 0; draw < iterations; draw++) {
            long[] countsA = a.draw(random);
            long[] countsB = b.draw(random);
            for (int index = 0; index < percentiles.size(); index++) {
                double percentile = percentiles.get(index);
                logRatios[index][draw] = Math.log(b.percentile(countsB, percentile) / a.percentile(countsA, percentile));
            }
        }
        for (int index = 0; index < percentiles.size(); index++) {
            double percentile = percentiles.get(index);
            effects.add(effect(b.pooledPercentile(percentile) / a.pooledPercentile(percentile), logRatios[index]));
        }
        return effects;
    }

    private Effect effect(double ratio, double[] logRatios) {
        Arrays.sort(logRatios);
        double low = Math.exp(quantile(logRatios, alpha / 2));
        double high = Math.exp(quantile(logRatios, 1 - alpha / 2));
        long atOrBelow = Arrays.stream(logRatios).filter(r -> r <= 0).count();
        long atOrAbove = Arrays.stream(logRatios).filter(r -> r >= 0).count();
        double pValue = Math.min(1, 2.0 * (Math.min(atOrBelow, atOrAbove) + 1) / (logRatios.length + 1));
        return Effect.tested(ratio, low, high, pValue);
    }

    private static double quantile(double[] sorted, double probability) {
        int index = (int) Math.floor(probability * (sorted.length - 1));
        return sorted[Math.min(sorted.length - 1, Math.max(0, index))];
    }

    /** One side's runs on one grid of bucket values, so a draw is a sum of small arrays. */
    private static final class Side {
        private final long[] gridMicros;
        /** Per run, per block: the grid positions and the counts of its non-empty buckets. */
        private final List<List<Block>> runs = new ArrayList<>();

        Side(List<List<IntervalLatencies>> periodsByRun) {
            TreeSet<Long> values = new TreeSet<>();
            periodsByRun.forEach(run -> run.forEach(period -> Arrays.stream(period.valuesMicros()).forEach(values::add)));
            gridMicros = values.stream().mapToLong(Long::longValue).toArray();
            for (List<IntervalLatencies> periods : periodsByRun) {
                if (!periods.isEmpty()) {
                    runs.add(blocks(periods));
                }
            }
        }

        int intervals() {
            return runs.stream().mapToInt(List::size).sum();
        }

        /** Runs drawn with replacement, then each drawn run's blocks with replacement, summed on the grid. */
        long[] draw(SplittableRandom random) {
            long[] counts = new long[gridMicros.length];
            for (int run = 0; run < runs.size(); run++) {
                List<Block> blocks = runs.get(random.nextInt(runs.size()));
                for (int block = 0; block < blocks.size(); block++) {
                    blocks.get(random.nextInt(blocks.size())).addTo(counts);
                }
            }
            return counts;
        }

        double pooledPercentile(double percentile) {
            long[] counts = new long[gridMicros.length];
            runs.forEach(blocks -> blocks.forEach(block -> block.addTo(counts)));
            return percentile(counts, percentile);
        }

        /** The percentile of counts on the grid, by the same rule as a single period's; NaN when empty. */
        double percentile(long[] counts, double percentile) {
            int index = IntervalLatencies.percentileIndex(counts, percentile);
            return index < 0 ? Double.NaN : gridMicros[index];
        }

        private List<Block> blocks(List<IntervalLatencies> periods) {
            int perBlock = (periods.size() + MAX_BLOCKS - 1) / MAX_BLOCKS;
            List<Block> blocks = new ArrayList<>();
            for (int first = 0; first < periods.size(); first += perBlock) {
                long[] counts = new long[gridMicros.length];
                for (IntervalLatencies period : periods.subList(first, Math.min(periods.size(), first + perBlock))) {
                    for (int bucket = 0; bucket < period.valuesMicros().length; bucket++) {
                        counts[Arrays.binarySearch(gridMicros, period.valuesMicros()[bucket])] += period.counts()[bucket];
                    }
                }
                blocks.add(Block.of(counts));
            }
            return blocks;
        }
    }

    private record Block(int[] positions, long[] counts) {
        static Block of(long[] countsOnGrid) {
            int[] positions = java.util.stream.IntStream.range(0, countsOnGrid.length).filter(i -> countsOnGrid[i] > 0).toArray();
            return new Block(positions, Arrays.stream(positions).mapToLong(i -> countsOnGrid[i]).toArray());
        }

        void addTo(long[] countsOnGrid) {
            for (int index = 0; index < positions.length; index++) {
                countsOnGrid[positions[index]] += counts[index];
            }
        }
    }
}
