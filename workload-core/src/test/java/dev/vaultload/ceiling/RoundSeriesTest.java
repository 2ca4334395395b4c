package dev.vaultload.ceiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Steady state is judged on the rounds' figures alone: no clock here. */
class RoundSeriesTest {

    @Test
    void aBestStillRisingIsNotSteadyAndOneThatStoppedIs() {
        RoundSeries rounds = series(190, 180, 195, 900, 2500, 2600);
        assertFalse(rounds.steady(), "the last rounds' best is far above the best before them: C2 was still compiling");

        rounds.add(2550);
        rounds.add(2610);
        rounds.add(2590);
        assertTrue(rounds.steady(), "the last three are within 3% of the best before them");
        assertEquals(2610, rounds.bestMibPerSecond());
    }

    @Test
    void aFlatSeriesIsSteadyOnlyOnceItHasTwoWindowsAndNoiseDoesNotUnsettleIt() {
        RoundSeries rounds = series(2600, 2600, 2600, 2600, 2600);
        assertFalse(rounds.steady(), "five rounds are fewer than two windows");
        rounds.add(1200); // a neighbour took the core: a slow round lowers nothing
        assertTrue(rounds.steady());
    }

    private static RoundSeries series(double... mibPerSecond) {
        RoundSeries rounds = new RoundSeries();
        for (double rate : mibPerSecond) {
            rounds.add(rate);
        }
        return rounds;
    }
}
