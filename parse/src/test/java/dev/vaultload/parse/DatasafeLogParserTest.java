package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine in a Datasafe-format heading: named for a non-default engine, the default one where it is not. */
class DatasafeLogParserTest {
    private static final String PREFIX = "08:00:00.000 [main] INFO dev.vaultload.run.WorkloadRunner - ";

    @Test
    void aHeadingNamesItsEngineAndAPlainHeadingIsTheDefaultEngine(@TempDir Path folder) throws IOException {
        Path log = Files.write(folder.resolve("engines.log"), List.of(
                PREFIX + "==== Statistics for FILESYSTEM with 2 threads and 100 Kb filesize: ====",
                PREFIX + "WRITE : StatisticService.Percentiles(stat={50=1.0, 75=1.5, 90=2.0, 95=2.5, 99=3.0}, throughputPerThread=700.0)",
                PREFIX + "==== Statistics for FILESYSTEM with 2 threads and 100 Kb filesize (engine DATASAFE): ====",
                PREFIX + "WRITE : StatisticService.Percentiles(stat={50=9.0, 75=9.5, 90=10.0, 95=10.5, 99=11.0}, throughputPerThread=100.0)"));

        LoadedResults loaded = new DatasafeLogParser().parse(log);

        assertEquals(List.of(), loaded.problems());
        assertEquals(List.of("VAULTLOAD", "DATASAFE"),
                loaded.measurements().stream().map(m -> m.configuration().value("engine")).toList());
        assertEquals(List.of(700.0, 100.0), loaded.measurements().stream().map(Measurement::throughputPerThread).toList());
    }
}
