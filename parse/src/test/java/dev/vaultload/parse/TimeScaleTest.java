package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimeScaleTest {

    @Test
    void aLongRunIsLabelledInHoursAShortOneInSeconds() {
        assertEquals("h", TimeScale.between(0, 72 * 3_600_000.0).unit());
        assertEquals("min", TimeScale.between(0, 30 * 60_000.0).unit());
        assertEquals("s", TimeScale.between(0, 75_000).unit());
        assertEquals(List.of("0", "10", "20", "30", "40", "50", "60", "70"),
                TimeScale.between(0, 72 * 3_600_000.0).ticks().stream().map(Scale.Tick::label).toList());
    }

    @Test
    void aCutWaitShrinksToANarrowStretchAndTheTimeAfterItKeepsCounting() {
        // a minute of users, ten minutes of waiting, a minute of replay
        TimeScale time = TimeScale.between(0, 720_000).cutting(new TimeScale.Cut(60_000, 660_000));

        double waitShare = time.fraction(660_000) - time.fraction(60_000);
        assertTrue(waitShare < 0.1, () -> "the wait takes " + waitShare);
        assertEquals(1.0, time.fraction(720_000), 1e-9);
        assertEquals("s", time.unit());
        List<String> labels = time.ticks().stream().map(Scale.Tick::label).toList();
        assertTrue(labels.contains("0") && labels.contains("700") && !labels.contains("300"), labels::toString);
    }
}
