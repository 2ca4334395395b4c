package dev.vaultload.history;

import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * How `history check` fares on series of known truth: 60 runs of a figure with lognormal run-to-run noise, a 10%
 * step at a random run between the 15th and the 45th in half of them, none in the other half. Power: the share of step
 * series with an upward change point within {@value #FOUND_WITHIN} runs of the step; false alarms: the share of series
 * without a step given any change point. {@link #NOISE_CV} is the largest spread at which the bar (power >= 90%,
 * false alarms <= 5%) holds; the spreads measured so far and the rates at each are in
 * docs/measurements/2026-11-26-history-calibration.md. {@code main(seeds)} prints the rates per spread
 * (scripts/calibrate-history.sh); {@link EDivisiveCalibrationTest} holds the bar.
 */
final class HistoryCalibration {
    static final int RUNS = 60;
    static final double STEP = 1.10;
    /** Run-to-run coefficient of variation of the figure. */
    static final double NOISE_CV = 0.05;
    /** The spreads main prints the rates at: 8.3% is that of three repeated 30 s runs' WRITE p50 (2026-11-23). */
    static final double[] NOISE_CVS = {0.02, 0.04, 0.05, 0.06, 0.083};
    static final int FOUND_WITHIN = 3;

    /** Found steps and false alarms over {@code seeds} series of each kind. */
    record Rates(int seeds, int found, int falseAlarms) {
        double power() {
            return (double) found / seeds;
        }

        double falseAlarmRate() {
            return (double) falseAlarms / seeds;
        }
    }

    private HistoryCalibration() {
    }

    static Rates measure(EDivisive detector, int seeds, double noiseCv) {
        int found = 0;
        int falseAlarms = 0;
        for (int seed = 0; seed < seeds; seed++) {
            Random random = new Random(seed);
            int step = 15 + random.nextInt(31);
            List<EDivisive.ChangePoint> withStep = detector.changePoints(series(random, step, noiseCv));
            if (withStep.stream().anyMatch(point -> Math.abs(point.index() - step) <= FOUND_WITHIN && point.changePercent() > 0)) {
                found++;
            }
            if (!detector.changePoints(series(random, RUNS, noiseCv)).isEmpty()) {
                falseAlarms++;
            }
        }
        return new Rates(seeds, found, falseAlarms);
    }

    /** {@value #RUNS} values around 10, multiplied by {@value #STEP} from {@code step} on ({@value #RUNS}: no step). */
    static double[] series(Random random, int step, double noiseCv) {
        double sigma = Math.sqrt(Math.log(1 + noiseCv * noiseCv));
        double[] values = new double[RUNS];
        for (int run = 0; run < RUNS; run++) {
            values[run] = 10 * Math.exp(sigma * random.nextGaussian() - sigma * sigma / 2) * (run >= step ? STEP : 1);
        }
        return values;
    }

    /** @param args the number of seeds of each kind (default 200) */
    public static void main(String[] args) {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        System.out.printf(Locale.ROOT, "series of %d runs, step +%.0f%% at run 15..45, found within %d runs, %d seeds each, %s%n",
                RUNS, (STEP - 1) * 100, FOUND_WITHIN, seeds, EDivisive.DEFAULT);
        System.out.println("noise CV   step found   false alarms   seconds");
        for (double noiseCv : NOISE_CVS) {
            long start = System.nanoTime();
            Rates rates = measure(EDivisive.DEFAULT, seeds, noiseCv);
            System.out.printf(Locale.ROOT, "%7.1f%%   %9.1f%%   %11.1f%%   %7.1f%n", noiseCv * 100, 100 * rates.power(),
                    100 * rates.falseAlarmRate(), (System.nanoTime() - start) / 1e9);
        }
    }
}
