package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.stats.SoakHealth;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class SoakHealthLogTest {
    private static final long MIB = 1024 * 1024;

    /** A short run has no quarters to compare: its line says what is known (start and end) and why no growth. */
    @Test
    void aRunTooShortForQuartersStatesItsRssAndWhyThereIsNoGrowthFigure() {
        SoakHealth health = new SoakHealth(10 * MIB, 20 * MIB, 100 * MIB, 120 * MIB, null, null, null, null, 10, 0, 0, 1,
                List.of(), null);
        RunResult result = ThresholdTest.result();
        RunResult shortRun = new RunResult(result.setup(), result.engineDescription(), result.timing(), result.operations(),
                result.errors(), result.failures(), result.failureGroups(), result.objects(), result.cpu(), health,
                result.storageDetails(), result.environment(), null, null, null, null, null);

        String line = new SoakHealthLog(LoggerFactory.getLogger("test")).lines(shortRun).getFirst();

        assertTrue(line.contains("RSS 100.0 -> 120.0 MiB (too few periods for a growth figure)"), line);
    }
}
