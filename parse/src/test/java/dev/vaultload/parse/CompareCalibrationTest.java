package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare calibrated on real runs of known truth ({@link CompareCalibration}): 12 trials of 2-second runs
 * (warm-up 0.5 s, 100 ms periods, so 15 periods a run are compared). Power: +10% latency is called "B slower" in at
 * least 11 of 12 (90%). Size: A against A is called different in at most 2 of 12: at a true size of 5% three or
 * more false alarms in 12 happen 2% of the time, so the bound fails a statistic that is too narrow, not a
 * correct one by bad luck. scripts/calibrate-compare.sh measures both over more trials and run lengths.
 */
class CompareCalibrationTest {
    private static final int TRIALS = 12;

    @Test
    void tenPercentMoreLatencyIsFoundAndEqualRunsAreNot(@TempDir Path folder) {
        CompareCalibration.Outcome outcome = new CompareCalibration(folder, Duration.ofSeconds(2)).trials(TRIALS);

        String details = String.join("\n", outcome.details());
        assertTrue(outcome.slowerFound() >= 11, () -> "power: " + outcome.slowerFound() + " of " + TRIALS + "\n" + details);
        assertTrue(outcome.equalCalledDifferent() <= 2, () -> "size: " + outcome.equalCalledDifferent() + " of " + TRIALS
                + " equal pairs called different\n" + details);
        assertEquals(0, outcome.untested(), () -> "untested comparisons\n" + details);
    }
}
