package dev.vaultload.history;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * How `history check` fares on series of known truth: 60 runs of a figure, a 10% step at a random run between the 15th
 * and the 45th in half of them, none in the other half. The noise is a lognormal run-to-run spread of the coefficient
 * of variation given, and each run, with probability {@value #OUTLIER_CHANCE}, is an outlier whose lognormal spread is
 * {@value #OUTLIER_SPREAD} times as wide (a run disturbed by a neighbour: about two in a series of 60).
 * Power: the share of step series with an upward change point within {@value #FOUND_WITHIN} runs of the step (also
 * within {@value #FOUND_NEAR} runs, and anywhere); false alarms: the share of series without a step given any change
 * point. Beside them, the ceiling: how often an oracle that knows the level before the step, its size, the ordinary
 * spread and that there is one step somewhere from run 15 to 45 places it within {@value #FOUND_WITHIN} runs (the
 * centre of the 7-run window of most posterior probability). {@link #NOISE_CV} is the largest spread at which the
 * issue's bar (power >= 90%, false alarms <= 5%) holds;
 * the rates at each spread are in docs/measurements/2026-11-26-history-calibration-2.md. {@code main(seeds)} prints
 * them (scripts/calibrate-history.sh); {@link EDivisiveCalibrationTest} holds the bar. Past the one-run rows, nights of
 * several runs, each run drawn as above and the step moving every run from its night on, seen as `check --per day`
 * sees them ({@link Grouping#DAY}, the nights' median or mean): {@link #NIGHTLY_NOISE_CV} with
 * {@value #RUNS_PER_NIGHT} runs a night is the case the test holds to the bar.
 */
final class HistoryCalibration {
    /** Points of a series: nights, of one run or of several. */
    static final int NIGHTS = 60;
    static final double STEP = 1.10;
    /** Run-to-run coefficient of variation of the figure. */
    static final double NOISE_CV = 0.05;
    /** The spreads main prints the rates at: 8.3% is that of three repeated 30 s runs' WRITE p50 (2026-11-23). */
    static final double[] NOISE_CVS = {0.02, 0.04, 0.05, 0.06, 0.083, 0.10};
    static final double OUTLIER_CHANCE = 1 / 30.0;
    static final double OUTLIER_SPREAD = 4;
    static final int FOUND_WITHIN = 3;
    static final int FOUND_NEAR = 5;
    static final int FIRST_STEP = 15;
    static final int LAST_STEP = 45;
    /** The spread of one run at which `check --per day` is held to the bar, over {@value #RUNS_PER_NIGHT} runs a night. */
    static final double NIGHTLY_NOISE_CV = 0.083;
    static final int RUNS_PER_NIGHT = 3;
    /** The rows of main's table past the one-run ones: a run's spread, runs a night, the nights' central value. */
    private record NightlyRow(double noiseCv, int runsPerNight, CentralValue central) {
    }

    private static final List<NightlyRow> NIGHTLY_ROWS = List.of(new NightlyRow(0.083, 2, CentralValue.MEDIAN),
            new NightlyRow(0.083, 3, CentralValue.MEDIAN), new NightlyRow(0.083, 3, CentralValue.MEAN),
            new NightlyRow(0.10, 3, CentralValue.MEDIAN), new NightlyRow(0.10, 3, CentralValue.MEAN));
    private static final Instant FIRST_NIGHT = Instant.parse("2026-10-01T02:00:00Z");
    private static final Configuration CONFIGURATION = new Configuration("FIXTURE", "synthetic", "S3", "VAULTLOAD",
            "AES256_GCM", 2, 100, "SMALL", 0, "X25519", 210_000, 1, 2, 21, "");

    /** Over {@code seeds} series of each kind: steps found within 3 runs, within 5, anywhere, by the oracle; false alarms. */
    record Rates(int seeds, int found, int foundNear, int foundAnywhere, int oracleFound, int falseAlarms) {
        double power() {
            return (double) found / seeds;
        }

        double falseAlarmRate() {
            return (double) falseAlarms / seeds;
        }
    }

    private HistoryCalibration() {
    }

    /** One run of each night: the series `check` sees per run. */
    static Rates measure(EDivisive detector, int seeds, double noiseCv) {
        return measure(detector, seeds, noiseCv, 1, CentralValue.MEDIAN);
    }

    /**
     * {@code runsPerNight} runs a night, each with the noise of one run, a step moving every run from its night on;
     * `check --per day --central CENTRAL` sees each night's central value ({@link Grouping#DAY}), and "found" counts
     * in nights.
     */
    static Rates measure(EDivisive detector, int seeds, double noiseCv, int runsPerNight, CentralValue central) {
        int[] found = new int[4];
        int falseAlarms = 0;
        for (int seed = 0; seed < seeds; seed++) {
            Random random = new Random(seed);
            int step = FIRST_STEP + random.nextInt(LAST_STEP - FIRST_STEP + 1);
            double[][] withStep = nights(random, step, noiseCv, runsPerNight);
            List<Integer> upward = detector.changePoints(perDay(withStep, central)).stream()
                    .filter(point -> point.changePercent() > 0).map(point -> Math.abs(point.index() - step)).toList();
            found[0] += upward.stream().anyMatch(off -> off <= FOUND_WITHIN) ? 1 : 0;
            found[1] += upward.stream().anyMatch(off -> off <= FOUND_NEAR) ? 1 : 0;
            found[2] += upward.isEmpty() ? 0 : 1;
            found[3] += Math.abs(oracle(withStep, noiseCv) - step) <= FOUND_WITHIN ? 1 : 0;
            if (!detector.changePoints(perDay(nights(random, NIGHTS, noiseCv, runsPerNight), central)).isEmpty()) {
                falseAlarms++;
            }
        }
        return new Rates(seeds, found[0], found[1], found[2], found[3], falseAlarms);
    }

    /** The values `check --per day` gives EDivisive: the nights' runs as stored runs, grouped by their UTC day. */
    private static double[] perDay(double[][] nights, CentralValue central) {
        List<FigureSeries.Point> points = new ArrayList<>();
        for (int night = 0; night < nights.length; night++) {
            for (int run = 0; run < nights[night].length; run++) {
                Instant startedAt = FIRST_NIGHT.plus(Duration.ofDays(night).plusMinutes(40L * run));
                points.add(new FigureSeries.Point(new StoredRun(night + "-" + run, startedAt, CONFIGURATION, "c" + night,
                        "host", true, false, "synthetic"), nights[night][run]));
            }
        }
        return Grouping.Group.values(Grouping.DAY.groups(new FigureSeries(CONFIGURATION, "READ p50", "ms", points), central));
    }

    /**
     * The oracle's step: the likelihood of each step run under the generator's own noise (ordinary and outlier runs
     * mixed), from the known level and step, as posterior weights; the centre of the window of {@value #FOUND_WITHIN}
     * runs either side that holds the most of them.
     */
    static int oracle(double[][] nights, double noiseCv) {
        double sigma = Math.sqrt(Math.log(1 + noiseCv * noiseCv));
        double[] logLikelihood = new double[NIGHTS + 1];
        for (int night = NIGHTS - 1; night >= 0; night--) { // a step at night: every run from it on is a step up
            double stepUp = 0;
            for (double run : nights[night]) {
                double value = Math.log(run / 10);
                stepUp += Math.log(density(value - Math.log(STEP), sigma) / density(value, sigma));
            }
            logLikelihood[night] = logLikelihood[night + 1] + stepUp;
        }
        double most = Arrays.stream(logLikelihood, FIRST_STEP, LAST_STEP + 1).max().orElseThrow();
        int best = FIRST_STEP;
        double bestMass = -1;
        for (int centre = FIRST_STEP; centre <= LAST_STEP; centre++) {
            double mass = 0;
            for (int run = Math.max(FIRST_STEP, centre - FOUND_WITHIN); run <= Math.min(LAST_STEP, centre + FOUND_WITHIN); run++) {
                mass += Math.exp(logLikelihood[run] - most);
            }
            if (mass > bestMass) {
                bestMass = mass;
                best = centre;
            }
        }
        return best;
    }

    /** The density of a run's log-ratio to the level, {@code x}, under {@link #series}'s noise. */
    private static double density(double x, double sigma) {
        double outlier = OUTLIER_SPREAD * sigma;
        return (1 - OUTLIER_CHANCE) * normal(x, -sigma * sigma / 2, sigma)
                + OUTLIER_CHANCE * normal(x, -outlier * outlier / 2, outlier);
    }

    private static double normal(double x, double mean, double deviation) {
        double z = (x - mean) / deviation;
        return Math.exp(-z * z / 2) / deviation;
    }

    /**
     * {@value #NIGHTS} nights of {@code runsPerNight} values around 10, multiplied by {@value #STEP} from night
     * {@code step} on ({@value #NIGHTS}: no step); the runs are drawn one after the other, so one run a night draws
     * what the calibration per run always drew.
     */
    static double[][] nights(Random random, int step, double noiseCv, int runsPerNight) {
        double sigma = Math.sqrt(Math.log(1 + noiseCv * noiseCv));
        double[][] values = new double[NIGHTS][runsPerNight];
        for (int night = 0; night < NIGHTS; night++) {
            for (int run = 0; run < runsPerNight; run++) {
                double spread = random.nextDouble() < OUTLIER_CHANCE ? OUTLIER_SPREAD * sigma : sigma;
                values[night][run] = 10 * Math.exp(spread * random.nextGaussian() - spread * spread / 2)
                        * (night >= step ? STEP : 1);
            }
        }
        return values;
    }

    /** @param args the number of seeds of each kind (default 200) */
    public static void main(String[] args) {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        System.out.printf(Locale.ROOT, "series of %d nights, step +%.0f%% at night %d..%d, lognormal noise, outlier runs"
                        + " (%.0fx the spread) at chance %.3f, %d seeds each, %s; of several runs a night `check --per day"
                        + " --central VALUE` sees their median or mean%n", NIGHTS, (STEP - 1) * 100, FIRST_STEP, LAST_STEP,
                OUTLIER_SPREAD, OUTLIER_CHANCE, seeds, EDivisive.DEFAULT);
        System.out.printf(Locale.ROOT, "noise CV   runs a night   value    found within %d   within %d   anywhere   "
                + "oracle within %d   false alarms   seconds%n", FOUND_WITHIN, FOUND_NEAR, FOUND_WITHIN);
        for (double noiseCv : NOISE_CVS) {
            printRow(seeds, new NightlyRow(noiseCv, 1, CentralValue.MEDIAN));
        }
        NIGHTLY_ROWS.forEach(row -> printRow(seeds, row));
    }

    private static void printRow(int seeds, NightlyRow row) {
        long start = System.nanoTime();
        Rates rates = measure(EDivisive.DEFAULT, seeds, row.noiseCv(), row.runsPerNight(), row.central());
        System.out.printf(Locale.ROOT, "%7.1f%%   %12d   %-6s   %13.1f%%   %7.1f%%   %7.1f%%   %14.1f%%   %11.1f%%   %7.1f%n",
                row.noiseCv() * 100, row.runsPerNight(), row.runsPerNight() == 1 ? "-" : row.central().spelling(),
                100 * rates.power(), 100.0 * rates.foundNear() / seeds, 100.0 * rates.foundAnywhere() / seeds,
                100.0 * rates.oracleFound() / seeds, 100 * rates.falseAlarmRate(), (System.nanoTime() - start) / 1e9);
    }
}
