package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.OperationStatistics;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class DatasafeStatisticsLogTest {
    /** The shape Datasafe's parse_script.groovy extracts: operation name after " - ", then stat={...}, throughput. */
    private static final Pattern DATASAFE_LINE = Pattern.compile(
            "^(\\w+) : StatisticService\\.Percentiles\\(stat=\\{((?:\\d+=[\\d.]+(?:, )?)+)\\}, throughputPerThread=([\\d.E-]+)\\)$");

    @Test
    void linesHaveDatasafesExactShapeInMilliseconds() {
        Map<String, Long> percentiles = new LinkedHashMap<>();
        percentiles.put("50", 35_000L);
        percentiles.put("75", 57_000L);
        percentiles.put("90", 79_000L);
        percentiles.put("95", 87_650L);
        percentiles.put("99", 113_730L);
        percentiles.put("99.9", 120_000L);
        OperationStatistics write = new OperationStatistics(OperationType.WRITE, 10, Map.of(ErrorClass.OTHER, 0L),
                percentiles, 1, 120_000, 50_000, 500_000, 21.19, 1000, 10, 1, 1024, "", Map.of(), null, null, null, null);

        String line = DatasafeStatisticsLog.line(write);

        assertEquals("WRITE : StatisticService.Percentiles(stat={50=35.0, 75=57.0, 90=79.0, 95=87.65, 99=113.73}, "
                + "throughputPerThread=21.19)", line);
        Matcher matcher = DATASAFE_LINE.matcher(line);
        assertTrue(matcher.matches(), line);
    }

    /** The console's heading never named the engine or cipher: the line under it does, and parses as no statistics. */
    @Test
    void theLineUnderTheHeadingSaysWhatRanAndIsNoStatisticsLine() {
        List<String> lines = new DatasafeStatisticsLog(LoggerFactory.getLogger("test")).lines(ThresholdTest.result());

        assertEquals("==== Statistics for MEMORY with 2 threads and 100 Kb filesize: ====", lines.get(0));
        assertEquals("FIXTURE of SMALL on VAULTLOAD, cipher AES256_GCM, key pair X25519, KDF 1000 iterations", lines.get(1));
        assertTrue(!lines.get(1).contains("StatisticService.Percentiles"), lines.get(1));
    }
}
