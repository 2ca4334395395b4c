package dev.vaultload.history;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The bar for `history check`, on {@link HistoryCalibration}'s series (lognormal noise with outlier runs) at a
 * run-to-run spread of {@link HistoryCalibration#NOISE_CV}: a 10% step found within 3 runs in >= 90% of seeds, false
 * alarms in <= 5%; the seeds are fixed, so the rates are the same on every machine.
 */
class EDivisiveCalibrationTest {
    private static final int SEEDS = 200;

    @Test
    void aTenPercentStepIsFoundAndNoStepRarelyRaisesAnAlarm() {
        HistoryCalibration.Rates rates = HistoryCalibration.measure(EDivisive.DEFAULT, SEEDS, HistoryCalibration.NOISE_CV);

        assertTrue(rates.power() >= 0.90, () -> "step found in " + rates.found() + " of " + SEEDS);
        assertTrue(rates.falseAlarmRate() <= 0.05, () -> "false alarms in " + rates.falseAlarms() + " of " + SEEDS);
    }
}
