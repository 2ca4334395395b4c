package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
