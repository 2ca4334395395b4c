package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeriodLinesTest {
    private static final long PERIOD_MILLIS = 1000;

    /** Periods starting at these seconds, with these counts. */
    private static PeriodTimeline.Counts periods(long[] startSeconds, long[] counts) {
        return new PeriodTimeline.Counts(Arrays.stream(startSeconds).map(s -> s * PERIOD_MILLIS).toArray(),
                Arrays.stream(startSeconds).map(s -> (s + 1) * PERIOD_MILLIS).toArray(), counts);
    }

    @Test
    void aStretchWithoutPeriodsIsDrawnAtZeroNotBridged() {
        PeriodTimeline.Counts grid = periods(new long[] {0, 1, 7, 8}, new long[] {10, 10, 10, 10});

        ChartLine line = PeriodLines.onGrid(grid, grid, PeriodLines.PER_SECOND, PERIOD_MILLIS);

        assertEquals(List.of(500.0, 1500.0, 2000.0, 7000.0, 7500.0, 8500.0), Arrays.stream(line.x()).boxed().toList());
        assertEquals(List.of(10.0, 10.0, 0.0, 0.0, 10.0, 10.0), Arrays.stream(line.y()).boxed().toList());
    }

    @Test
    void anOperationAbsentFromAPeriodOfTheGridIsZeroThere() {
        PeriodTimeline.Counts grid = periods(new long[] {0, 1, 2}, new long[] {10, 10, 10});
        PeriodTimeline.Counts rare = periods(new long[] {1}, new long[] {3});

        ChartLine line = PeriodLines.onGrid(grid, rare, PeriodLines.PER_PERIOD, PERIOD_MILLIS);

        assertEquals(List.of(0.0, 3.0, 0.0), Arrays.stream(line.y()).boxed().toList());
    }

    @Test
    void aLatencyLineBreaksWhereItsOperationCompletedNothing() {
        PeriodTimeline.Counts periods = periods(new long[] {0, 1, 4}, new long[] {1, 1, 1});

        ChartLine line = PeriodLines.latencyMillis(periods, new long[] {2000, 3000, 4000}, PERIOD_MILLIS);

        assertEquals(List.of(2.0, 3.0, Double.NaN, 4.0), Arrays.stream(line.y()).boxed().toList());
    }
}
