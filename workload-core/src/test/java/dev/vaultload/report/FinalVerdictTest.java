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
        TakenFromEarlierLives passed = TakenFromEarlierLives.NONE.with("A", end(true, false))
                .with("B", end(true, false));
        assertEquals("PASSED: 2 combinations taken from an earlier life, none left to run; report: r/report.html",
                FinalVerdict.line(List.of(), passed, Optional.of(Path.of("r/report.html"))));
        TakenFromEarlierLives oneFailed = TakenFromEarlierLives.NONE.with("A", end(true, false))
                .with("MINIO 2 threads 100 Kb", end(false, false));
        assertEquals("FAILED: 2 combinations taken from an earlier life (1 failed: MINIO 2 threads 100 Kb), none left"
                + " to run", FinalVerdict.line(List.of(), oneFailed, Optional.empty()));
        assertEquals("FAILED: no result was measured", FinalVerdict.line(List.of(), Optional.empty()));
    }

    @Test
    void aThresholdBrokenInAnEarlierLifeFailsTheLine() {
        TakenFromEarlierLives breached = TakenFromEarlierLives.NONE.with("MINIO 2 threads 100 Kb", end(true, true));
        assertEquals(List.of("MINIO 2 threads 100 Kb"), breached.breached());
        assertEquals(List.of(), breached.failed());
        assertEquals("FAILED: 1 combination taken from an earlier life (1 broke thresholds: MINIO 2 threads 100 Kb),"
                + " none left to run", FinalVerdict.line(List.of(), breached, Optional.empty()));
        // a failed combination is named as failed, not also as breaching
        TakenFromEarlierLives failed = TakenFromEarlierLives.NONE.with("A", end(false, true));
        assertEquals(List.of("A"), failed.failed());
        assertEquals(List.of(), failed.breached());
    }

    private static JournalEvent.End end(boolean passed, boolean thresholdsBreached) {
        return new JournalEvent.End(0, passed, thresholdsBreached);
    }
}
