package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.storage.FileSystemBlobStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ROTATION cell of rollbacks on a file system: keystores the run re-sealed, put back as they were before (sealed
 * under a superseded password), are each reported INTEGRITY naming the keystore, and nothing else is. The matrix's
 * ROTATION cells run every kind at once.
 */
class RotationTamperCellTest {
    @TempDir
    Path work;

    @Test
    void everyRollbackOfAReSealedKeystoreIsNamedAndNothingElse() throws IOException {
        Path objects = Files.createDirectories(work.resolve("objects"));
        TamperCell cells = new TamperCell(work.resolve("reports"), 40);

        TamperVerdict verdict = cells.run("FILESYSTEM", TamperCell.Mode.ROTATION, List.of(Alteration.Kind.KEY_ROLLBACK),
                new FileSystemBlobStore(objects), new FileSystemBlobStore(objects), 20261128L);

        System.out.println(TamperVerdict.markdownHeader() + verdict.markdownRow());
        assertTrue(verdict.holds(), () -> verdict.problem().orElseThrow());
        assertTrue(verdict.rotated().rollbacks() > 0, verdict.markdownRow());
    }
}
