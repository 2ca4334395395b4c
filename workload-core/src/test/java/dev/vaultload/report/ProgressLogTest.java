package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.HealthSample;
import dev.vaultload.stats.HealthSeries;
import dev.vaultload.stats.Interval;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ProgressLogTest {
    private static final long MIB = 1024 * 1024;

    private static Interval interval() {
        Histogram latencyMicros = new Histogram(3);
        latencyMicros.recordValue(2000);
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        for (ErrorClass errorClass : ErrorClass.values()) {
            errors.put(errorClass, 0L);
        }
        return new Interval(1, 0, 10_000, Map.of(OperationType.WRITE, latencyMicros), 5, 4, errors, 10_000, false);
    }

    @Test
    void healthFieldsFollowTheKmsFields() {
        HealthSeries health = new HealthSeries();
        health.add(new HealthSample(0, 40 * MIB, 200 * MIB, 20, 3, 10, 1_000));
        health.add(new HealthSample(10_000, 84 * MIB, 301 * MIB, 23, 15, 45, 15_300));

        String line = new ProgressLog("MEMORY 2 threads 1 Kb", health).line(interval());

        assertTrue(line.startsWith("[Time_1] MEMORY 2 threads 1 Kb RequestCount: 5 ResponseCount: 4 TPS: 0.1"), line);
        assertTrue(line.endsWith(" OtherErrorCount: 0 Heap: 84 MiB RSS: 301 MiB Threads: 23 GC: 12 (35 ms) CPU: 143%"), line);
    }

    @Test
    void withoutHealthTheLineEndsWithTheErrorCounts() {
        String line = new ProgressLog("MEMORY 2 threads 1 Kb").line(interval());

        assertTrue(line.endsWith("IntegrityErrorCount: 0 LostErrorCount: 0 InDoubtErrorCount: 0 OtherErrorCount: 0"), line);
    }
}
