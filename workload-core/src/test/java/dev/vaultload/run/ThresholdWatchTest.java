package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.Thresholds;
import dev.vaultload.report.ThresholdVerdict;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.Interval;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ThresholdWatchTest {
    private static final long PERIOD_MILLIS = 1000;

    @Test
    void theFirstPeriodThatBreaksAnAbortOnFailThresholdStopsTheRun() {
        RunControl control = RunControl.continuing(key -> key);
        ThresholdWatch watch = new ThresholdWatch(Thresholds.parse("test",
                List.of("READ p99 < 50ms abortOnFail", "WRITE p99 < 1ms")), control, Duration.ZERO);

        watch.onInterval(period(0, OperationType.READ, 10_000, Map.of(), 100));
        assertFalse(control.stopped(), "10 ms reads keep the run going");
        watch.onInterval(period(1, OperationType.WRITE, 5_000, Map.of(), 200));
        assertFalse(control.stopped(), "a threshold without abortOnFail waits for the end");
        watch.onInterval(period(2, OperationType.READ, 80_000, Map.of(), 300));

        assertTrue(control.stopped());
        ThresholdVerdict verdict = watch.breaches().values().iterator().next();
        assertEquals("READ p99 < 50ms abortOnFail", verdict.threshold());
        assertEquals(ThresholdVerdict.Verdict.FAILED, verdict.verdict());
        assertEquals(3 * PERIOD_MILLIS, verdict.stoppedRunAfterMillis());
        assertTrue(verdict.measured() > 50, verdict::line);
    }

    @Test
    void theWarmUpIsNeitherJudgedNorCounted() {
        RunControl control = RunControl.continuing(key -> key);
        ThresholdWatch watch = new ThresholdWatch(Thresholds.parse("test", List.of("p99 < 50ms abortOnFail")), control,
                Duration.ofMillis(2 * PERIOD_MILLIS));

        watch.onInterval(period(0, OperationType.READ, 900_000, Map.of(), 100));
        watch.onInterval(period(1, OperationType.READ, 900_000, Map.of(), 200));
        watch.onInterval(period(2, OperationType.READ, 10_000, Map.of(), 300));

        assertFalse(control.stopped(), "the slow start was in the warm-up");
        assertTrue(watch.breaches().isEmpty());
    }

    @Test
    void errorsOfAllOperationsAreJudgedOnTheResponsesSoFar() {
        RunControl control = RunControl.continuing(key -> key);
        ThresholdWatch watch = new ThresholdWatch(Thresholds.parse("test", List.of("errors < 5% abortOnFail")), control,
                Duration.ZERO);

        watch.onInterval(period(0, OperationType.READ, 10_000, Map.of(ErrorClass.SERVER, 2L), 100));
        assertFalse(control.stopped(), "2 of 100");
        watch.onInterval(period(1, OperationType.READ, 10_000, Map.of(ErrorClass.SERVER, 12L), 200));

        assertTrue(control.stopped(), "12 of 200");
        assertEquals(6.0, watch.breaches().values().iterator().next().measured(), 1e-9);
    }

    /** The index-th period: 100 operations of {@code type} at {@code micros}; {@code responses} and errors so far. */
    private static Interval period(int index, OperationType type, long micros, Map<ErrorClass, Long> errors, long responses) {
        Histogram latencies = new Histogram(3);
        latencies.recordValueWithCount(micros, 100);
        return new Interval(index, index * PERIOD_MILLIS, (index + 1) * PERIOD_MILLIS, Map.of(type, latencies), responses,
                responses, errors, (index + 1) * PERIOD_MILLIS, false);
    }
}
