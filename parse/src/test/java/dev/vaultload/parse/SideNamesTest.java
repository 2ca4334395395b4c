package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engines;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.parse.ResultFixtures.Figures;
import dev.vaultload.parse.ResultFixtures.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sides of a comparison are named by what differs between them, and by their folders when nothing does. */
class SideNamesTest {
    private static final List<Figures> WRITES = List.of(new Figures(OperationType.WRITE, 100, 10, 10, 10, 10, 20));

    @TempDir
    Path folder;

    @Test
    void sidesThatDifferInCipherAreNamedByIt() throws IOException {
        Path cbc = side("cbc", Run.of("EMBEDDED", CipherSuite.AES256_CBC, 2, 100), Run.of("EMBEDDED", CipherSuite.AES256_CBC, 4, 100));
        Path gcm = side("gcm", Run.of("EMBEDDED", CipherSuite.AES256_GCM, 2, 100));

        assertEquals(new SideNames("AES256_CBC", "AES256_GCM", List.of("cipher")), names(cbc, gcm));
    }

    @Test
    void aSettingThatDiffersNamesTheSidesWithItsName() throws IOException {
        Path fast = side("fast", new Run("RandomActionsOnDatasafeTest", "MINIO", Engines.DEFAULT, CipherSuite.AES256_GCM, 1, 2,
                100, 1000));
        Path slow = side("slow", new Run("RandomActionsOnDatasafeTest", "MINIO", Engines.DEFAULT, CipherSuite.AES256_GCM, 1, 2,
                100, 210000));

        assertEquals(new SideNames("kdfIterations 1000", "kdfIterations 210000", List.of("kdfIterations")), names(fast, slow));
    }

    @Test
    void aRateRunAgainstAFixtureRunIsNamedByTheMode() throws IOException {
        Path fixture = Files.createDirectories(folder.resolve("fixture"));
        Path rate = Files.createDirectories(folder.resolve("rate"));
        new SyntheticRun().write(fixture, "fixture");
        new SyntheticRun().rate(40).write(rate, "rate");

        assertEquals(new SideNames("mode FIXTURE", "mode RATE", List.of("mode")), names(fixture, rate));
    }

    @Test
    void withNothingDifferentTheFoldersNameTheSidesAndWithOneFolderAAndB() throws IOException {
        Path monday = side("monday", Run.of("EMBEDDED", CipherSuite.AES256_GCM, 2, 100));
        Path tuesday = side("tuesday", Run.of("EMBEDDED", CipherSuite.AES256_GCM, 2, 100));

        assertEquals(new SideNames("monday", "tuesday", List.of()), names(monday, tuesday));
        assertEquals(new SideNames("A", "B", List.of()), names(monday, monday));
    }

    private Path side(String name, Run... runs) throws IOException {
        Path results = Files.createDirectories(folder.resolve(name));
        for (int index = 0; index < runs.length; index++) {
            ResultFixtures.writeJson(results, name + "-" + index, runs[index], WRITES);
        }
        return results;
    }

    private static SideNames names(Path a, Path b) {
        ResultLoader loader = new ResultLoader();
        return SideNames.of(loader.load(List.of(a)).measurements(), loader.load(List.of(b)).measurements());
    }
}
