package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.storage.FileSystemBlobStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tamper matrix of docs/faults.md: runs of the vault on real stores while an outside party deletes, truncates,
 * flips, overwrites and swaps stored documents and key material; every alteration the run reads, lists or validates
 * afterwards must be reported naming its object with its class, nothing unaltered may be, and the run must fail.
 * Runs only when asked, as {@code scripts/tamper-matrix.sh} does: TAMPER_MATRIX=short (every kind at once, in every
 * mode, on FILESYSTEM and MinIO) or full (each kind on its own in every mode, on FILESYSTEM, MinIO and the embedded
 * server). The table goes to target/tamper-matrix/tamper.md.
 */
class TamperMatrixTest {
    private static final long SEED = 20261125L;

    @TempDir
    Path work;

    @Test
    void everyObservableAlterationIsReportedNamingItsObjectAndNothingElseIs() throws IOException {
        String scope = System.getProperty("TAMPER_MATRIX", Optional.ofNullable(System.getenv("TAMPER_MATRIX")).orElse(""));
        assumeTrue(scope.equals("short") || scope.equals("full"), "TAMPER_MATRIX=short|full runs the tamper matrix");
        boolean full = scope.equals("full");
        Path binary = Path.of(Optional.ofNullable(SettingsRegistry.system().apply("MINIO_BINARY"))
                .orElseThrow(() -> new IllegalStateException("MINIO_BINARY: the tamper matrix needs a minio executable"
                        + " (scripts/start-minio.sh binary builds one)")));
        List<List<Alteration.Kind>> kindSets = full
                ? Arrays.stream(Alteration.Kind.values()).map(List::of).toList()
                : List.of(List.of(Alteration.Kind.values()));
        TamperCell cells = new TamperCell(work.resolve("reports"), full ? 12 : 40);
        List<TamperVerdict> verdicts = new ArrayList<>();
        try (StoreUnderTest minio = StoreUnderTest.minio(binary, work);
             StoreUnderTest embedded = full ? StoreUnderTest.embedded() : null) {
            List<S3Store> s3Stores = new ArrayList<>(List.of(new S3Store(minio)));
            if (embedded != null) {
                s3Stores.add(new S3Store(embedded));
            }
            int cell = 0;
            for (List<Alteration.Kind> kinds : kindSets) {
                for (TamperCell.Mode mode : TamperCell.Mode.values()) {
                    Path directory = Files.createDirectories(work.resolve("fs-" + cell));
                    verdicts.add(cells.run("FILESYSTEM", mode, kinds, new FileSystemBlobStore(directory),
                            new FileSystemBlobStore(directory), SEED + cell));
                    for (S3Store s3 : s3Stores) {
                        verdicts.add(s3.run(cells, mode, kinds, "tamper-" + cell, SEED + cell));
                    }
                    cell++;
                }
            }
        }
        StringBuilder table = new StringBuilder(TamperVerdict.markdownHeader());
        verdicts.forEach(verdict -> table.append(verdict.markdownRow()));
        Path report = Files.createDirectories(Path.of("target", "tamper-matrix")).resolve("tamper.md");
        Files.writeString(report, table);
        System.out.println(table);

        assertFalse(verdicts.isEmpty());
        assertTrue(verdicts.stream().mapToInt(TamperVerdict::observable).sum() > 0,
                "no alteration was observable: the matrix proved nothing");
        assertAll(verdicts.stream().map(verdict -> () -> assertTrue(verdict.holds(), verdict.cell() + ": missed "
                + verdict.missed() + ", false alarms " + verdict.falseAlarms().stream().limit(5).toList()
                + ", run failed " + verdict.runFailed())));
    }

    /** An S3 server: each cell on a bucket of its own, the run and the tamperer each through its own client. */
    private record S3Store(StoreUnderTest server) {
        TamperVerdict run(TamperCell cells, TamperCell.Mode mode, List<Alteration.Kind> kinds, String bucket, long seed) {
            try (S3Connection runs = S3Connection.open(S3ClientSettings.of(server.endpoint(), server.credentials()));
                 S3Connection tampers = S3Connection.open(S3ClientSettings.of(server.endpoint(), server.credentials()))) {
                runs.createBucket(bucket);
                return cells.run(server.name(), mode, kinds, runs.bucket(bucket, S3TransferSettings.DEFAULT),
                        tampers.bucket(bucket, S3TransferSettings.DEFAULT), seed);
            }
        }
    }
}
