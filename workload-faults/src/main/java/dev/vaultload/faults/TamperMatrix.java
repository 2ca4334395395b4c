package dev.vaultload.faults;

import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.storage.FileSystemBlobStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.slf4j.LoggerFactory;

/**
 * The tamper matrix of docs/faults.md: runs of the vault on real stores while an outside party deletes, truncates,
 * flips, overwrites and swaps stored documents and key material. A cell holds when every alteration the run reads,
 * lists or validates afterwards is reported naming its object with its class, nothing unaltered is, and the run
 * failed ({@link TamperVerdict}); the matrix holds when every cell does and some alteration was observable at all.
 * SHORT: every kind at once, in every mode, on FILESYSTEM and MinIO; FULL: each kind on its own in every mode, on
 * FILESYSTEM, MinIO and the embedded server. A rollback needs a keystore the run re-sealed: it runs in the ROTATION
 * mode only, and the rotation cells together must have seen each of a re-sealed keystore, a re-encrypted document and
 * a rollback altered. Both scopes end with a rotation interrupted halfway on MinIO ({@link InterruptedRotation}), then,
 * with the AWS KMS API in the environment (AWS_KMS_URL, AWS_KMS_KEY_ID), key material held in the KMS altered: a
 * document key's KMS key deleted mid-run ({@link KmsKeyDeletion}; SHORT: S3EC's KMS keyring, FULL: VAULTLOAD's
 * KMS_KEYS=DOCUMENT too, and at KES with KES in the environment).
 */
final class TamperMatrix {
    private static final long SEED = 20261125L;
    /** Alterations per cell at most: a short cell's are shared by every kind, a full cell's are of one kind. */
    private static final int MAX_ALTERATIONS_SHORT = 40;
    private static final int MAX_ALTERATIONS_FULL = 12;

    private TamperMatrix() {
    }

    /**
     * @param minioBinary the minio executable of the MinIO cells
     * @param work        a scratch directory for the FILESYSTEM stores, MinIO's data and the cells' reports
     */
    static MatrixOutcome run(MatrixScope scope, Path minioBinary, Path work) {
        boolean full = scope == MatrixScope.FULL;
        List<List<Alteration.Kind>> kindSets = full
                ? Arrays.stream(Alteration.Kind.values()).map(List::of).toList()
                : List.of(List.of(Alteration.Kind.values()));
        TamperCell cells = new TamperCell(work.resolve("reports"), full ? MAX_ALTERATIONS_FULL : MAX_ALTERATIONS_SHORT);
        List<TamperVerdict> verdicts = new ArrayList<>();
        InterruptedRotation.Outcome interrupted;
        List<KmsKeyDeletion.Verdict> kmsKeys;
        try (StoreUnderTest minio = StoreUnderTest.minio(minioBinary, work);
             StoreUnderTest embedded = full ? StoreUnderTest.embedded() : null) {
            List<S3Store> s3Stores = Stream.of(minio, embedded).filter(Objects::nonNull).map(S3Store::new).toList();
            int cell = 0;
            for (List<Alteration.Kind> kindSet : kindSets) {
                for (TamperCell.Mode mode : TamperCell.Mode.values()) {
                    List<Alteration.Kind> kinds = kindSet.stream()
                            .filter(Alteration.Kind.applicable(mode.rotates())::contains).toList();
                    if (kinds.isEmpty()) {
                        continue;
                    }
                    Path directory = directory(work.resolve("fs-" + cell));
                    verdicts.add(cells.run("FILESYSTEM", mode, kinds, new FileSystemBlobStore(directory),
                            new FileSystemBlobStore(directory), SEED + cell));
                    for (S3Store s3 : s3Stores) {
                        verdicts.add(s3.run(cells, mode, kinds, "tamper-" + cell, SEED + cell));
                    }
                    cell++;
                }
            }
            interrupted = new InterruptedRotation(minio, work, InterruptedRotation.PLAN).run("rotation-interrupted");
            kmsKeys = kmsKeyCells(scope, minio, work);
        }
        StringBuilder table = new StringBuilder(TamperVerdict.markdownHeader());
        verdicts.forEach(verdict -> table.append(verdict.markdownRow()));
        table.append("\nRotation interrupted halfway:\n\n").append(InterruptedRotation.Outcome.markdownHeader())
                .append(interrupted.markdownRow());
        table.append(kmsKeyTable(kmsKeys));
        List<String> problems = new ArrayList<>(problems(verdicts));
        interrupted.problem().ifPresent(problems::add);
        kmsKeys.forEach(verdict -> verdict.problem().ifPresent(problems::add));
        return new MatrixOutcome(table.toString(), problems);
    }

    /** The KMS key cells alone (a look at them without the rest of the matrix), on a MinIO of their own. */
    static MatrixOutcome kmsKeysOnly(MatrixScope scope, Path minioBinary, Path work) {
        List<KmsKeyDeletion.Verdict> kmsKeys;
        try (StoreUnderTest minio = StoreUnderTest.minio(minioBinary, work)) {
            kmsKeys = kmsKeyCells(scope, minio, work);
        }
        List<String> problems = kmsKeys.isEmpty() ? List.of("no cell ran: no KMS in the environment")
                : kmsKeys.stream().flatMap(verdict -> verdict.problem().stream()).toList();
        return new MatrixOutcome(kmsKeyTable(kmsKeys), problems);
    }

    /**
     * Short: S3EC's KMS keyring on the AWS KMS API; full: VAULTLOAD's KMS_KEYS=DOCUMENT there and at KES too. A cell
     * whose KMS is not in the environment is left out, with a warning.
     */
    private static List<KmsKeyDeletion.Verdict> kmsKeyCells(MatrixScope scope, StoreUnderTest minio, Path work) {
        KmsServers servers = KmsServers.of(SettingsRegistry.system());
        List<KmsKeyDeletion.Verdict> verdicts = new ArrayList<>();
        if (servers.awsKms().isEmpty()) {
            LoggerFactory.getLogger(TamperMatrix.class).warn("AWS_KMS_URL or AWS_KMS_KEY_ID unset: the matrix runs"
                    + " without its AWS KMS key cells; eval \"$(scripts/start-local-kms.sh start)\" first");
        } else {
            for (CellEngine engine : scope == MatrixScope.FULL ? List.of(CellEngine.VAULTLOAD, CellEngine.S3EC)
                    : List.of(CellEngine.S3EC)) {
                verdicts.add(KmsKeyDeletion.run(engine, KmsKeyDeletion.HeldKey.AWS_KMS, minio, work.resolve("reports")));
            }
        }
        if (scope == MatrixScope.FULL) {
            if (servers.kes().isEmpty()) {
                LoggerFactory.getLogger(TamperMatrix.class).warn("KES_URL unset: the matrix runs without its KES key"
                        + " cell; eval \"$(scripts/start-kes.sh start)\" first");
            } else {
                verdicts.add(KmsKeyDeletion.run(CellEngine.VAULTLOAD, KmsKeyDeletion.HeldKey.KES, minio,
                        work.resolve("reports")));
            }
        }
        return verdicts;
    }

    private static String kmsKeyTable(List<KmsKeyDeletion.Verdict> kmsKeys) {
        if (kmsKeys.isEmpty()) {
            return "";
        }
        StringBuilder table = new StringBuilder("\nA document key's KMS key deleted mid-run:\n\n")
                .append(KmsKeyDeletion.Verdict.markdownHeader());
        kmsKeys.forEach(verdict -> table.append(verdict.markdownRow()));
        return table.toString();
    }

    private static List<String> problems(List<TamperVerdict> verdicts) {
        if (verdicts.isEmpty()) {
            return List.of("no cell ran");
        }
        List<String> problems = new ArrayList<>();
        if (verdicts.stream().mapToInt(TamperVerdict::observable).sum() == 0) {
            problems.add("no alteration was observable: the matrix proved nothing");
        }
        verdicts.forEach(verdict -> verdict.problem().ifPresent(problems::add));
        TamperVerdict.Rotated rotated = verdicts.stream().map(TamperVerdict::rotated)
                .reduce(new TamperVerdict.Rotated(0, 0, 0), TamperVerdict.Rotated::plus);
        if (rotated.resealedKeystores() == 0 || rotated.reencryptedDocuments() == 0 || rotated.rollbacks() == 0) {
            problems.add("the rotation cells proved too little: observable alterations of re-sealed keystores "
                    + rotated.resealedKeystores() + ", of re-encrypted documents " + rotated.reencryptedDocuments()
                    + ", rollbacks " + rotated.rollbacks() + " (each must be at least 1)");
        }
        return problems;
    }

    private static Path directory(Path path) {
        try {
            return Files.createDirectories(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + path, e);
        }
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
