package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StatisticService;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServedWithinTableTest {

    @Test
    void printsAbsTableFromTheRecordedLatencies() {
        StatisticService statistics = new StatisticService();
        for (long millis = 1; millis <= 100; millis++) {
            statistics.recordSuccess(OperationType.READ, millis * 1000, 0);
        }
        OperationStatistics read = statistics.summarize(Map.of(OperationType.READ, Duration.ofSeconds(1))).get(0);

        List<String> lines = ServedWithinTable.linesOf(read);

        assertEquals(List.of(
                "READ: Percentage of the requests served within a certain time (ms)",
                "  50%     50.015",
                "  66%     66.047",
                "  75%     75.007",
                "  80%     80.063",
                "  90%     90.047",
                "  95%     95.039",
                "  98%     98.047",
                "  99%     99.007",
                " 100%    100.031 (longest request)"), lines);
    }
}
