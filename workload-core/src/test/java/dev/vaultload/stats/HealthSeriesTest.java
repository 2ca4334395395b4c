package dev.vaultload.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class HealthSeriesTest {
    private static final long MIB = 1024 * 1024;

    /** A sample at {@code second} with the given RSS; the other fields grow with time. */
    private static HealthSample sample(long second, long rssBytes) {
        return new HealthSample(second * 1000, 50 * MIB + second, rssBytes, 20, second, second / 2, second * 10);
    }

    @Test
    void keepsAtMostItsBoundEvenlySpacedWithFirstAndLast() {
        HealthSeries series = new HealthSeries(10);
        for (int second = 0; second <= 1000; second++) {
            series.add(sample(second, 100 * MIB));
        }

        SoakHealth health = series.summarize(OptionalDouble.empty());

        List<HealthSample> samples = health.samples();
        assertTrue(samples.size() <= 11, "at most the bound and the last sample: " + samples.size());
        assertEquals(0, samples.get(0).runMillis());
        assertEquals(1_000_000, samples.get(samples.size() - 1).runMillis());
        long step = samples.get(1).runMillis() - samples.get(0).runMillis();
        for (int index = 1; index < samples.size() - 1; index++) {
            assertEquals(step, samples.get(index).runMillis() - samples.get(index - 1).runMillis(), "even spacing");
        }
        assertEquals(step / 1000, health.sampleEveryIntervals());
        assertEquals(1000, health.gcCount());
        assertEquals(500, health.gcPauseMillis());
        assertEquals(0.0, health.rssGrowthPercent(), 1e-9);
    }

    @Test
    void theStartSampleTakenBeforeAnyLoadIsNotGrowth() {
        HealthSeries series = new HealthSeries();
        series.add(sample(0, 60 * MIB));
        for (int second = 1; second <= 100; second++) {
            series.add(sample(second, 150 * MIB));
        }

        SoakHealth health = series.summarize(OptionalDouble.of(5));

        assertEquals(0.0, health.rssGrowthPercent(), 1e-9);
        assertNull(health.failure());
    }

    @Test
    void rssGrowthComparesTheMeansOfTheFirstAndLastQuarterAndFailsAboveTheLimit() {
        HealthSeries series = new HealthSeries();
        for (int second = 0; second <= 100; second++) {
            series.add(sample(second, (second < 50 ? 100 : 150) * MIB));
        }

        SoakHealth limited = series.summarize(OptionalDouble.of(20));
        SoakHealth lenient = series.summarize(OptionalDouble.of(60));

        assertEquals(100.0 * MIB, limited.firstQuarterRssBytes(), 1e-6);
        assertEquals(150.0 * MIB, limited.lastQuarterRssBytes(), 1e-6);
        assertEquals(50.0, limited.rssGrowthPercent(), 1e-9);
        assertTrue(limited.failure().contains("RSS grew 50.0%") && limited.failure().contains("MAX_RSS_GROWTH_PERCENT=20.0"),
                limited.failure());
        assertNull(lenient.failure());
        assertNull(series.summarize(OptionalDouble.empty()).failure());
    }

    @Test
    void unknownRssGivesNoGrowthAndNoFailure() {
        HealthSeries series = new HealthSeries();
        series.add(sample(0, HealthSample.UNKNOWN));
        series.add(sample(10, HealthSample.UNKNOWN));

        SoakHealth health = series.summarize(OptionalDouble.of(0));

        assertNull(health.rssGrowthPercent());
        assertNull(health.failure());
    }
}
