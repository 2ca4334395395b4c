package dev.vaultload.faults;

import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.settings.SettingsRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.LoggerFactory;

/**
 * The fault matrix of docs/faults.md: every fault of {@link FaultKind} in front of real S3 servers on 127.0.0.1,
 * each cell a CONTINUE run whose failed calls land in their classes and whose final validation must find nothing
 * lost or altered. SHORT: every fault once (network faults on MinIO, S3 errors on the embedded server, kills on
 * MinIO and Ceph); FULL: every fault on every store it applies to. Ceph's cells run only where its daemons are
 * installed ({@link RestartableRgw#installed()}); without them the matrix runs without Ceph and logs that it does.
 * The key manager's cells (on MinIO, either scope) run VAULTLOAD in front of a KES server (KES_URL and its client's
 * settings, as scripts/start-kes.sh prints them) and S3EC's KMS keyring in front of the AWS KMS API (AWS_KMS_URL,
 * AWS_KMS_KEY_ID, as scripts/start-local-kms.sh prints them); without a server the matrix says which cells it leaves
 * out.
 */
final class FaultMatrix {
    /**
     * S3EC's key manager's faults in the short scope: refused calls, a restarted server and a disabled key fail at once,
     * no timeout waited.
     */
    private static final Set<FaultKind> SHORT_S3EC = EnumSet.of(FaultKind.KMS_STOPPED, FaultKind.KMS_RESTARTED,
            FaultKind.KMS_KEY_DISABLED);

    private FaultMatrix() {
    }

    /**
     * @param faults      the faults whose cells run (every one, but for a look at a few)
     * @param minioBinary the minio executable of the MinIO cells
     * @param work        a scratch directory for MinIO's data and the cells' reports
     */
    static MatrixOutcome run(MatrixScope scope, Set<FaultKind> faults, Path minioBinary, Path work) {
        boolean full = scope == MatrixScope.FULL;
        // a key manager's cells run on MinIO alone: Ceph is not started for them
        boolean cephCells = faults.stream().anyMatch(kind -> kind.layer != FaultKind.Layer.KMS);
        boolean withCeph = cephCells && RestartableRgw.installed();
        if (cephCells && !withCeph) {
            LoggerFactory.getLogger(FaultMatrix.class).warn("no Ceph binaries (ceph-mon, ceph-osd, radosgw, ceph): the"
                    + " matrix runs without its CEPH cells; scripts/start-ceph.sh installs them");
        }
        KmsServers kms = KmsServers.of(SettingsRegistry.system());
        if (kms.kes().isEmpty()) {
            LoggerFactory.getLogger(FaultMatrix.class).warn("KES_URL unset: the matrix runs without its KES cells;"
                    + " eval \"$(scripts/start-kes.sh start)\" first");
        }
        if (kms.awsKms().isEmpty()) {
            LoggerFactory.getLogger(FaultMatrix.class).warn("AWS_KMS_URL or AWS_KMS_KEY_ID unset: the matrix runs"
                    + " without its AWS KMS cells (S3EC's, the disabled key); eval \"$(scripts/start-local-kms.sh start)\""
                    + " first");
        }
        List<FaultCell> cells = new ArrayList<>();
        try (ToxiproxyServer toxiproxy = ToxiproxyServer.start();
             StoreUnderTest minio = StoreUnderTest.minio(minioBinary, work);
             StoreUnderTest embedded = StoreUnderTest.embedded();
             StoreUnderTest ceph = withCeph ? StoreUnderTest.ceph() : null) {
            FaultCellRun runner = new FaultCellRun(new FixtureLoader().loadResource("fixtures/fixture-small.json"),
                    toxiproxy, work.resolve("reports"), kms);
            for (FaultKind kind : faults) {
                for (StoreUnderTest store : stores(kind, full, minio, embedded, ceph)) {
                    for (CellEngine engine : engines(kind, full)) {
                        runner.run(kind, store, engine).ifPresent(cells::add);
                    }
                }
            }
        }
        List<String> problems = cells.isEmpty() ? List.of("no cell ran")
                : cells.stream().flatMap(cell -> cell.problems().stream()).toList();
        return new MatrixOutcome(FaultMatrixReport.markdown(cells), problems);
    }

    /**
     * Full: every engine the fault applies to ({@link FaultKind#engines()}); short: VAULTLOAD, and S3EC for the faults
     * in {@link #SHORT_S3EC} only, those whose cells end soonest.
     */
    private static List<CellEngine> engines(FaultKind kind, boolean full) {
        return kind.engines().stream().filter(engine -> full || engine == CellEngine.VAULTLOAD || SHORT_S3EC.contains(kind))
                .toList();
    }

    /**
     * Short: one store per fault; full: every store the fault can happen on (a kill needs a server process). A key
     * manager's fault leaves the store healthy: MinIO alone, either way.
     */
    private static List<StoreUnderTest> stores(FaultKind kind, boolean full, StoreUnderTest minio, StoreUnderTest embedded,
                                               StoreUnderTest ceph) {
        List<StoreUnderTest> all = Stream.of(minio, embedded, ceph).filter(Objects::nonNull).toList();
        return switch (kind.layer) {
            case NETWORK -> full ? all : List.of(minio);
            case HTTP -> full ? all : List.of(embedded);
            case PROCESS -> all; // the embedded server has no process: FaultKind.place skips it
            case KMS -> List.of(minio);
        };
    }
}
