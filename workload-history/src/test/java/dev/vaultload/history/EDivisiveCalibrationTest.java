package dev.vaultload.history;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bar for `history check`, on {@link HistoryCalibration}'s series: power >= 90%, false alarms <= 5%. */
class EDivisiveCalibrationTest {
    private static final int SEEDS = 100;

    @Test
    void aTenPercentStepIsFoundAndNoStepRarelyRaisesAnAlarm() {
        HistoryCalibration.Rates rates = HistoryCalibration.measure(EDivisive.DEFAULT, SEEDS, HistoryCalibration.NOISE_CV);

        assertTrue(rates.power() >= 0.90, () -> "step found in " + rates.found() + " of " + SEEDS);
        assertTrue(rates.falseAlarmRate() <= 0.05, () -> "false alarms in " + rates.falseAlarms() + " of " + SEEDS);
    }
}
