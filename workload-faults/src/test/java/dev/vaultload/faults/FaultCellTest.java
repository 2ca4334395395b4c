package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.Environment;
import dev.vaultload.report.Failure;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.RunTiming;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How long a cell still failed after its fault was healed. */
class FaultCellTest {
    private static final Instant HEALED = Instant.parse("2026-11-28T08:00:10Z");

    private static Failure failedAt(String message, Instant at) {
        return new Failure(OperationType.READ, ErrorClass.TIMEOUT, message, null, at.toString(), 3);
    }

    private static FaultCell cell(Instant healedAt, List<Failure> failures) {
        RunResult result = new RunResult(new RunSetup(RunMode.FIXTURE, "FaultMatrix", "MINIO", "minio", 2, 100, "SMALL",
                200, ErrorMode.CONTINUE, 0, 0, 0), new EngineDescription("VAULTLOAD", CipherSuite.AES256_GCM, "X25519", 1000),
                new RunTiming("2026-11-28T08:00:00Z", 20_000, 1, null), List.of(), Map.of(ErrorClass.TIMEOUT, 3L), failures,
                Map.of(), ObjectOutcomes.NONE, new CpuUsage(0, 0, 0), null, Map.of(), Environment.current(), null, null, null,
                null, null);
        return new FaultCell(FaultKind.KMS_STOPPED, "MINIO", CellEngine.VAULTLOAD, "KES refused", Duration.ofSeconds(5), result, 0, 0, healedAt);
    }

    @Test
    void recoveryRunsFromTheHealToTheLastFailedOperationOfTheReplay() {
        FaultCell cell = cell(HEALED, List.of(failedAt("READ during the fault", HEALED.minusSeconds(2)),
                failedAt("READ just after", HEALED.plusMillis(1_500)),
                failedAt("final READ of the validation", HEALED.plusSeconds(3))));

        assertEquals(Duration.ofMillis(1_500), cell.recovery());
    }

    @Test
    void noFailureAfterTheHealIsARecoveryAtOnce() {
        assertEquals(Duration.ZERO, cell(HEALED, List.of(failedAt("READ during", HEALED.minusSeconds(1)))).recovery());
        assertEquals(Duration.ZERO, cell(null, List.of(failedAt("READ", HEALED))).recovery(), "never on");
    }
}
