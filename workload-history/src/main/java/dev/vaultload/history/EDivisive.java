package dev.vaultload.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * E-divisive change-point detection (Matteson and James, 2014, with alpha 1), as Apache Otava (formerly Hunter) and
 * MongoDB's signal processing use it: binary segmentation by the split that maximises the energy statistic between
 * the two sides, each split kept only when a permutation test finds it significant. The energy statistic compares
 * whole distributions, not only means, so a change in spread counts too; the size reported is the change of mean
 * from the segment before to the segment after, with Welch's interval.
 *
 * @param maxPValue    a split is kept when its permutation p-value is at most this
 * @param permutations shuffles per test: the p-value's resolution is 1 / (permutations + 1)
 * @param minSegment   the fewest points (runs, or groups of them) on either side of a change point
 * @param seed         of the shuffles, so that a check gives the same answer twice
 */
public record EDivisive(double exponent, double maxPValue, int permutations, int minSegment, long seed) {
    /**
     * The defaults `history check` uses; the calibration in docs/measurements holds for them. The level 0.04 spends
     * the false-alarm allowance (5% of series without a change) on power, less one point of margin: the
     * permutation test compares the best split's statistic with the best split of each shuffle, so it is corrected
     * for the choice among all split points, and its p-value is exact for exchangeable runs (P(p <= 0.04) = 8 / 200);
     * a series is only split further after a first significant split, so its chance of any false change point is
     * that of the first, 4%. The margin keeps the measured rate (200 seeds: +-1.4 points) under 5%.
     */
    public static final EDivisive DEFAULT = new EDivisive(1, 0.04, 199, 5, 1);
    private static final double CONFIDENCE = 0.95;

    /**
     * A split found significant, with the mean either side (up to the neighbouring change points). A point is one
     * value of the series: a run, or under {@code --per} the median (or mean) of a commit's or a day's runs.
     */
    public record ChangePoint(int index, double pValue, int pointsBefore, double meanBefore, int pointsAfter,
                              double meanAfter, double lowPercent, double highPercent) {

        /** (after - before) / before, in percent. */
        public double changePercent() {
            return 100 * (meanAfter - meanBefore) / meanBefore;
        }
    }

    /** The fewest values a change point can be found in: {@code minSegment} either side of it. */
    public int fewestPoints() {
        return 2 * minSegment;
    }

    /** The change points of {@code values} (oldest first), in order; {@code index} is the first value after each. */
    public List<ChangePoint> changePoints(double[] values) {
        TreeMap<Integer, Double> pValues = new TreeMap<>();
        segment(values, 0, values.length, pValues, new Random(seed));
        List<Integer> splits = new ArrayList<>(pValues.keySet());
        List<ChangePoint> changePoints = new ArrayList<>();
        for (int at = 0; at < splits.size(); at++) {
            int from = at == 0 ? 0 : splits.get(at - 1);
            int to = at == splits.size() - 1 ? values.length : splits.get(at + 1);
            changePoints.add(changePoint(values, from, splits.get(at), to, pValues.get(splits.get(at))));
        }
        return changePoints;
    }

    /** Splits [from, to) where significant, and each side again; {@code pValues} gets each split's p-value. */
    private void segment(double[] values, int from, int to, Map<Integer, Double> pValues, Random random) {
        if (to - from < fewestPoints()) {
            return;
        }
        double[] part = Arrays.copyOfRange(values, from, to);
        Split best = bestSplit(part);
        double pValue = pValue(part, best.q(), random);
        if (pValue <= maxPValue) {
            pValues.put(from + best.index(), pValue);
            segment(values, from, from + best.index(), pValues, random);
            segment(values, from + best.index(), to, pValues, random);
        }
    }

    /** The split's p-value: how often shuffled values give a statistic at least as large (Hunter's test). */
    private double pValue(double[] values, double observed, Random random) {
        double[] shuffled = values.clone();
        int atLeast = 0;
        int allowed = (int) Math.floor(maxPValue * (permutations + 1)) - 1;
        for (int round = 0; round < permutations; round++) {
            shuffle(shuffled, random);
            if (bestSplit(shuffled).q() >= observed && ++atLeast > allowed) {
                return 1; // cannot be significant any more: no need to shuffle on
            }
        }
        return (atLeast + 1.0) / (permutations + 1);
    }

    private record Split(int index, double q) {
    }

    /**
     * The split of {@code x} with the largest energy statistic q = m r / (m + r) * (2 between / (m r) - within left /
     * C(m, 2) - within right / C(r, 2)), the sums of |x_i - x_j| taken from 2-D prefix sums: O(n^2) for every split.
     */
    private Split bestSplit(double[] x) {
        int n = x.length;
        double[][] prefix = new double[n + 1][n + 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                prefix[i + 1][j + 1] = Math.pow(Math.abs(x[i] - x[j]), exponent) + prefix[i][j + 1] + prefix[i + 1][j] - prefix[i][j];
            }
        }
        Split best = new Split(minSegment, Double.NEGATIVE_INFINITY);
        for (int tau = minSegment; tau <= n - minSegment; tau++) {
            double m = tau;
            double r = n - tau;
            double between = rectangle(prefix, 0, tau, tau, n);
            double withinLeft = rectangle(prefix, 0, tau, 0, tau) / 2;
            double withinRight = rectangle(prefix, tau, n, tau, n) / 2;
            double energy = 2 * between / (m * r) - withinLeft / (m * (m - 1) / 2) - withinRight / (r * (r - 1) / 2);
            double q = m * r / (m + r) * energy;
            if (q > best.q()) {
                best = new Split(tau, q);
            }
        }
        return best;
    }

    private static double rectangle(double[][] prefix, int rowFrom, int rowTo, int columnFrom, int columnTo) {
        return prefix[rowTo][columnTo] - prefix[rowFrom][columnTo] - prefix[rowTo][columnFrom] + prefix[rowFrom][columnFrom];
    }

    private static void shuffle(double[] values, Random random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double swap = values[i];
            values[i] = values[j];
            values[j] = swap;
        }
    }

    /**
     * The change at {@code at} between [from, at) and [at, to): means, and Welch's interval of the change in percent,
     * the points taken as independent (under {@code --per}, the commits' or days' values, not their runs: runs of one
     * night share its machine and its neighbours, so counting each as independent would narrow the interval falsely).
     */
    private static ChangePoint changePoint(double[] values, int from, int at, int to, double pValue) {
        double[] before = Arrays.copyOfRange(values, from, at);
        double[] after = Arrays.copyOfRange(values, at, to);
        double meanBefore = mean(before);
        double meanAfter = mean(after);
        double varianceBefore = variance(before, meanBefore) / before.length;
        double varianceAfter = variance(after, meanAfter) / after.length;
        double standardError = Math.sqrt(varianceBefore + varianceAfter);
        double degrees = standardError == 0 ? 1 : Math.pow(varianceBefore + varianceAfter, 2)
                / (varianceBefore * varianceBefore / (before.length - 1) + varianceAfter * varianceAfter / (after.length - 1));
        double half = new TDistribution(Math.max(1, degrees)).inverseCumulativeProbability(0.5 + CONFIDENCE / 2) * standardError;
        double difference = meanAfter - meanBefore;
        return new ChangePoint(at, pValue, before.length, meanBefore, after.length, meanAfter,
                100 * (difference - half) / meanBefore, 100 * (difference + half) / meanBefore);
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    private static double variance(double[] values, double mean) {
        return Arrays.stream(values).map(value -> (value - mean) * (value - mean)).sum() / Math.max(1, values.length - 1);
    }
}
