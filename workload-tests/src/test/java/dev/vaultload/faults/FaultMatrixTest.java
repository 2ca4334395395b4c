package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.settings.SettingsRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault matrix of docs/faults.md: every fault of {@link FaultKind} in front of real S3 servers on 127.0.0.1,
 * each cell a CONTINUE run whose failed calls land in their classes and whose final validation must find nothing
 * lost or altered. Runs only when asked, as {@code scripts/fault-matrix.sh} does: FAULT_MATRIX=short (every fault
 * once: network faults on MinIO, S3 errors on the embedded server, kills on MinIO and Ceph) or full (every fault on
 * every store it applies to). The table goes to target/fault-matrix/faults.md.
 */
class FaultMatrixTest {
    @TempDir
    Path work;

    @Test
    void everyFaultIsSurvivedWithNothingLostAndEveryFailureClassified() throws IOException {
        String scope = System.getProperty("FAULT_MATRIX", Optional.ofNullable(System.getenv("FAULT_MATRIX")).orElse(""));
        assumeTrue(scope.equals("short") || scope.equals("full"), "FAULT_MATRIX=short|full runs the fault matrix");
        Path binary = Path.of(Optional.ofNullable(SettingsRegistry.system().apply("MINIO_BINARY"))
                .orElseThrow(() -> new IllegalStateException("MINIO_BINARY: the fault matrix needs a minio executable"
                        + " (scripts/start-minio.sh binary builds one)")));
        boolean full = scope.equals("full");
        List<FaultCell> cells = new ArrayList<>();
        try (ToxiproxyServer toxiproxy = ToxiproxyServer.start();
             StoreUnderTest minio = StoreUnderTest.minio(binary, work);
             StoreUnderTest embedded = StoreUnderTest.embedded();
             StoreUnderTest ceph = RestartableRgw.installed() ? StoreUnderTest.ceph() : null) {
            FaultCellRun runner = new FaultCellRun(new FixtureLoader().loadResource("fixtures/fixture-small.json"),
                    toxiproxy, work.resolve("reports"));
            for (FaultKind kind : FaultKind.values()) {
                for (StoreUnderTest store : stores(kind, full, minio, embedded, ceph)) {
                    runner.run(kind, store).ifPresent(cells::add);
                }
            }
        }
        String table = FaultMatrixReport.markdown(cells);
        Path report = Files.createDirectories(Path.of("target", "fault-matrix")).resolve("faults.md");
        Files.writeString(report, table);
        System.out.println(table);

        assertFalse(cells.isEmpty());
        assertAll(cells.stream().map(cell -> () -> {
            assertTrue(cell.passed(), cell.faultName() + " on " + cell.store() + ": " + cell.verdict() + " "
                    + cell.result().failures().stream().limit(5).toList());
            assertTrue(!cell.kind().mustShow() || cell.effectSeen(), cell.faultName() + " on " + cell.store()
                    + " had no visible effect: no failed call, no retry, longest operation " + cell.longestMillis() + " ms");
        }));
    }

    /** Short: one store per fault; full: every store the fault can happen on (a kill needs a server process). */
    private static List<StoreUnderTest> stores(FaultKind kind, boolean full, StoreUnderTest minio, StoreUnderTest embedded,
                                               StoreUnderTest ceph) {
        List<StoreUnderTest> all = Stream.of(minio, embedded, ceph).filter(Objects::nonNull).toList();
        if (full) {
            return all;
        }
        return switch (kind.layer) {
            case NETWORK -> List.of(minio);
            case HTTP -> List.of(embedded);
            case PROCESS -> all; // the embedded server has no process: FaultKind.place skips it
        };
    }
}
