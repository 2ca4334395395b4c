package dev.vaultload.run.rate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.Failure;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.SweepSection;
import dev.vaultload.run.ModeSettings;
import dev.vaultload.run.PretendingEngine;
import dev.vaultload.run.SweepOperation;
import dev.vaultload.run.SweepPlan;
import dev.vaultload.run.WorkerThreads;
import dev.vaultload.run.load.LoadFixtures;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.storage.InMemoryBlobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rotation sweep beside a RATE load has teeth: over an engine that acknowledges ROTATE_KEY and REENCRYPT and does
 * neither, the sweep's own checks fail the run with INTEGRITY naming the stored objects, and count in the result's
 * errors, not only in the sweep's section. (An honest sweep, VAULTLOAD's, runs in workload-tests' KeyLifecycleRunTest.)
 */
class RotationSweepTest {
    private static final RatePlan ONE_SECOND = new RatePlan(100, 1, 100);

    @TempDir
    Path reports;

    private RunResult rateBeside(SweepOperation operation) {
        try (LoadWorkload workload = LoadFixtures.workload(LoadOperation.WRITE, new InMemoryBlobStore(),
                PretendingEngine::new)) {
            return LoadFixtures.record(RunMode.RATE, workload, reports, recording ->
                    new RateRunner(ONE_SECOND, workload, Duration.ofSeconds(1), WorkerThreads.DEFAULT, List.of())
                            .run(recording, 0, Optional.of(workload.sweep(new SweepPlan(operation, 2, 3),
                                    recording.control()))));
        }
    }

    private static List<Failure> failuresOf(RunResult result, OperationType type) {
        return result.failures().stream().filter(failure -> failure.type() == type).toList();
    }

    @Test
    void aRotationThatLeavesTheOldPasswordOpeningDocumentsFailsTheRunNamingEach() {
        RunResult result = rateBeside(SweepOperation.ROTATE_KEY);

        SweepSection sweep = result.rate().sweep();
        assertEquals("ROTATE_KEY", sweep.operation());
        assertTrue(sweep.documentsSwept() > 0 && sweep.documentsSwept() % 3 == 0, "a user's 3 documents per rotation: "
                + sweep.documentsSwept());
        assertEquals(6, sweep.documentsChecked(), "every document read back with the current password");
        assertFalse(result.passed());
        List<Failure> stillOpen = failuresOf(result, OperationType.ROTATE_KEY);
        assertFalse(stillOpen.isEmpty());
        stillOpen.forEach(failure -> {
            assertEquals(ErrorClass.INTEGRITY, failure.errorClass());
            assertTrue(failure.message().contains("a superseded password still opens"), failure.message());
            assertTrue(failure.storeObject() != null && failure.storeObject().contains("sweep/doc-"), failure.line());
        });
        assertEquals(stillOpen.size(), sweep.errors().get(ErrorClass.INTEGRITY));
        assertEquals(stillOpen.size(), result.errors().get(ErrorClass.INTEGRITY), "the sweep's errors are the run's");
        assertTrue(result.rate().withinErrorBudget(), "the load itself failed nothing");
    }

    @Test
    void aReencryptionThatLeavesTheStoredBytesFailsTheRunAndSweepsNothing() {
        RunResult result = rateBeside(SweepOperation.REENCRYPT);

        SweepSection sweep = result.rate().sweep();
        assertEquals(0, sweep.documentsSwept(), "no re-encryption succeeded");
        assertFalse(result.passed());
        List<Failure> unchanged = failuresOf(result, OperationType.REENCRYPT);
        assertFalse(unchanged.isEmpty());
        unchanged.forEach(failure -> {
            assertEquals(ErrorClass.INTEGRITY, failure.errorClass());
            assertTrue(failure.message().contains("holds the same bytes as before"), failure.message());
        });
        // every failure counts, although a result keeps only the first RunResult.MAX_FAILURES_KEPT
        assertEquals(sweep.errors().get(ErrorClass.INTEGRITY), result.errors().get(ErrorClass.INTEGRITY));
        assertTrue(result.errors().get(ErrorClass.INTEGRITY) >= unchanged.size());
    }

    @Test
    void theSweepsSizeWithoutASweepIsRefusedNamingTheSetting() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ModeSettings.sweepPlan(Map.of("SWEEP_USERS", "3")::get));

        assertTrue(refused.getMessage().startsWith("Invalid SWEEP_USERS: has no effect without SWEEP"), refused.getMessage());
        assertEquals(Optional.of(new SweepPlan(SweepOperation.REENCRYPT, 4, 8)),
                ModeSettings.sweepPlan(Map.of("SWEEP", "REENCRYPT")::get), "the defaults");
    }
}
