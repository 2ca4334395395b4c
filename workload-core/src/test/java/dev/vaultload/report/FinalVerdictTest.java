package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The last line of a process whose combinations an earlier life of its RUN_ID had all finished. */
class FinalVerdictTest {
    @Test
    void combinationsTakenFromAnEarlierLifeGiveTheVerdictTheyHad() {
        assertEquals("PASSED: 2 combinations taken from an earlier life, none left to run; report: r/report.html",
                FinalVerdict.line(List.of(), 2, List.of(), Optional.of(Path.of("r/report.html"))));
        assertEquals("FAILED: 2 combinations taken from an earlier life (1 failed: MINIO 2 threads 100 Kb), none left"
                + " to run", FinalVerdict.line(List.of(), 2, List.of("MINIO 2 threads 100 Kb"), Optional.empty()));
        assertEquals("FAILED: no result was measured", FinalVerdict.line(List.of(), Optional.empty()));
    }
}
