package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.Interval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramIntervalLogTest {

    @Test
    void eachPeriodLogsItsOwnFailuresByClassBesideTheLatencies(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("run.hlog");
        try (HistogramIntervalLog log = new HistogramIntervalLog(file, "test")) {
            log.onInterval(interval(0, 0, Map.of(ErrorClass.TIMEOUT, 2L)));
            log.onInterval(interval(1, 1000, Map.of(ErrorClass.TIMEOUT, 2L)));
            log.onInterval(interval(2, 2000, Map.of(ErrorClass.TIMEOUT, 5L, ErrorClass.SERVER, 1L)));
            // a new reporter (the next HEADROOM step) counts from 0 again
            log.onInterval(interval(0, 3000, Map.of(ErrorClass.TIMEOUT, 1L)));
        }

        assertEquals(List.of("0 WRITE 1", "0 errors.TIMEOUT 2", "1 WRITE 1", "2 WRITE 1", "2 errors.TIMEOUT 3",
                "2 errors.SERVER 1", "3 WRITE 1", "3 errors.TIMEOUT 1"), entries(file));
    }

    /** Resumed twice: each life's periods kept on the first life's clock, each gap marked where it fell. */
    @Test
    void aResumedLogKeepsTheEarlierPeriodsAndMarksEveryGap(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("run.hlog");
        try (HistogramIntervalLog log = new HistogramIntervalLog(file, "test")) {
            log.onInterval(interval(0, 0, Map.of()));
            log.onInterval(interval(1, 1000, Map.of()));
            log.onInterval(interval(2, 2000, Map.of())); // flushed after the journal's last period: left out
        }
        LifeGap first = new LifeGap(1_700_000_002_000L, 1_700_000_010_000L);
        try (HistogramIntervalLog log = HistogramIntervalLog.continuing(file, "test", first.endedAtEpochMillis(),
                List.of(first))) {
            log.onInterval(interval(0, 10_000, Map.of()));
        }
        LifeGap second = new LifeGap(1_700_000_011_000L, 1_700_000_020_000L);
        try (HistogramIntervalLog log = HistogramIntervalLog.continuing(file, "test", second.endedAtEpochMillis(),
                List.of(first, second))) {
            log.onInterval(interval(0, 20_000, Map.of()));
        }

        assertEquals(List.of("0 WRITE 1", "1 WRITE 1", "10 WRITE 1", "20 WRITE 1"), entries(file));
        assertEquals(List.of("#gap: 1700000002000 to 1700000010000", "#gap: 1700000011000 to 1700000020000"),
                Files.readAllLines(file).stream().filter(line -> line.startsWith("#gap"))
                        .map(line -> line.substring(0, line.indexOf(" ("))).toList());
    }

    @Test
    void anErrorTagNamesItsClassAndNoOperation() {
        assertEquals(ErrorClass.IN_DOUBT, HistogramIntervalLog.errorClassOf(HistogramIntervalLog.errorTag(ErrorClass.IN_DOUBT))
                .orElseThrow());
        assertEquals(false, HistogramIntervalLog.errorClassOf("WRITE").isPresent());
        assertEquals(false, HistogramIntervalLog.isErrorTag("READ"));
    }

    private static Interval interval(int index, long startMillis, Map<ErrorClass, Long> errorTotals) {
        Histogram latencyMicros = new Histogram(3);
        latencyMicros.recordValue(1500);
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        for (ErrorClass errorClass : ErrorClass.values()) {
            errors.put(errorClass, errorTotals.getOrDefault(errorClass, 0L));
        }
        return new Interval(index, 1_700_000_000_000L + startMillis, 1_700_000_001_000L + startMillis,
                Map.of(OperationType.WRITE, latencyMicros), 0, 0, errors, startMillis, false);
    }

    /** "period tag count" per entry, the period counted in seconds from the first. */
    private static List<String> entries(Path file) throws IOException {
        List<String> entries = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            for (EncodableHistogram entry = reader.nextIntervalHistogram(); entry != null; entry = reader.nextIntervalHistogram()) {
                Histogram histogram = (Histogram) entry;
                entries.add((histogram.getStartTimeStamp() - 1_700_000_000_000L) / 1000 + " " + entry.getTag() + " "
                        + histogram.getTotalCount());
            }
        }
        return entries;
    }
}
