package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScheduleLimitsTest {
    private static final ScheduleLimits DEFAULTS = new ScheduleLimits(0.9, Duration.ofSeconds(1));

    private static RateSection rate(double target, double achieved, TraceSchedule trace) {
        return new RateSection(target, achieved, 0.01, true, List.of(), 0, trace);
    }

    private static TraceSchedule lateness(long p99Micros) {
        return new TraceSchedule(1, 100, 1000, Map.of("p50", 10L, "p99", p99Micros), p99Micros, 0, 0);
    }

    @Test
    void aRunThatKeptItsScheduleIsNotJudgedMissed() {
        assertEquals(Optional.empty(), DEFAULTS.missed(rate(200, 195, null)));
        assertEquals(Optional.empty(), DEFAULTS.missed(rate(200, 195, lateness(900_000))));
    }

    /** The README's own TRACE example reached 70.7 of its due 840 ops/s and passed. */
    @Test
    void aRunFarBelowItsDueRateMissedItsScheduleAndFails() {
        RateSection judged = rate(840, 70.7, lateness(2_100_000)).judged(DEFAULTS);

        assertEquals("achieved 70.7 of 840.0 ops/s due (8%), below MIN_ACHIEVED_SHARE 0.9", judged.scheduleMissed());
        assertTrue(judged.withinErrorBudget(), "the budget is a verdict of its own");
    }

    @Test
    void aTraceWhoseOperationsStartedLateMissedItsSchedule() {
        assertEquals(Optional.of("schedule lateness p99 2.100 s, over MAX_LATENESS PT1S"),
                DEFAULTS.missed(rate(840, 830, lateness(2_100_000))));
        assertEquals(Optional.empty(), ScheduleLimits.NONE.missed(rate(840, 1, lateness(2_100_000))));
    }
}
