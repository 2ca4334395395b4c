package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The latency statistic against synthetic truth, where the answer is known and trials are cheap: runs of 20
 * one-second periods of 200 operations, lognormal latencies (sigma 0.2), seeded. The real-run calibration, with a
 * store of injected latency, is CompareCalibrationTest.
 */
class LatencyBootstrapTest {
    private static final int PERIODS = 20;
    private static final int OPERATIONS_PER_PERIOD = 200;
    private static final LatencyBootstrap BOOTSTRAP = new LatencyBootstrap(1000, 0.05, 1);

    @Test
    void equalSidesAreCalledDifferentNoMoreOftenThanAlphaAllows() {
        int trials = 200;
        int falseAlarms = 0;
        for (int trial = 0; trial < trials; trial++) {
            Effect p50 = p50Ratio(run(1000, 2L * trial), run(1000, 2L * trial + 1));
            falseAlarms += p50.significant() ? 1 : 0;
        }
        // alpha 0.05 in 200 trials: 10 expected, sd 3.1; more than 16 means the interval is too narrow
        assertTrue(falseAlarms <= 16, falseAlarms + " of " + trials + " equal pairs called different");
    }

    @Test
    void tenPercentSlowerIsFoundWithTheRightSign() {
        int trials = 100;
        int found = 0;
        for (int trial = 0; trial < trials; trial++) {
            Effect p50 = p50Ratio(run(1000, 2L * trial), run(1100, 2L * trial + 1));
            found += p50.significant() && p50.ratio() > 1 ? 1 : 0;
        }
        assertTrue(found >= 90, found + " of " + trials + " found");
    }

    @Test
    void thePercentileIsThatOfAllOperationsPooledNotAnAverageOfPeriods() {
        // one fast period and one slow: the pooled p50 is the slow period's fastest, the mean of p50s lies between
        List<IntervalLatencies> a = new ArrayList<>();
        List<IntervalLatencies> b = new ArrayList<>();
        for (int period = 0; period < 10; period++) {
            a.add(period(100, 1000));
            b.add(period % 2 == 0 ? period(100, 1000) : period(101, 5000));
        }

        Effect p50 = BOOTSTRAP.ratios(List.of(a), List.of(b), List.of(50.0)).get(0);

        assertEquals(5.0, p50.ratio(), 0.01);
    }

    private static Effect p50Ratio(List<IntervalLatencies> a, List<IntervalLatencies> b) {
        return BOOTSTRAP.ratios(List.of(a), List.of(b), List.of(50.0)).get(0);
    }

    private static List<IntervalLatencies> run(double medianMicros, long seed) {
        Random random = new Random(seed);
        List<IntervalLatencies> periods = new ArrayList<>();
        for (int period = 0; period < PERIODS; period++) {
            Histogram histogram = new Histogram(3);
            for (int operation = 0; operation < OPERATIONS_PER_PERIOD; operation++) {
                histogram.recordValue(Math.round(medianMicros * Math.exp(0.2 * random.nextGaussian())));
            }
            periods.add(IntervalLatencies.of(histogram));
        }
        return periods;
    }

    private static IntervalLatencies period(int operations, long latencyMicros) {
        Histogram histogram = new Histogram(3);
        histogram.recordValueWithCount(latencyMicros, operations);
        return IntervalLatencies.of(histogram);
    }
}
