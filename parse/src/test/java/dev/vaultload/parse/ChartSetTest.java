package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engines;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.parse.ResultFixtures.Figures;
import dev.vaultload.parse.ResultFixtures.Run;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every chart of the seed renders from a results folder that holds its data, at the expected size. */
class ChartSetTest {
    private static final List<OperationType> OPERATIONS = List.of(OperationType.WRITE, OperationType.READ,
            OperationType.SHARE, OperationType.LIST, OperationType.DELETE);

    @TempDir
    Path folder;

    @Test
    void rendersEveryChartFromAFullResultsFolder() throws IOException {
        Path results = Files.createDirectories(folder.resolve("results"));
        int file = 0;
        for (String storage : List.of("EMBEDDED", "FILESYSTEM")) {
            for (CipherSuite cipher : List.of(CipherSuite.AES256_GCM, CipherSuite.AES256_CBC)) {
                for (int threads : List.of(2, 4, 8)) {
                    for (int sizeKib : List.of(100, 1024)) {
                        ResultFixtures.writeJson(results, "r" + file++, Run.of(storage, cipher, threads, sizeKib),
                                figures(threads, sizeKib, (storage.equals("EMBEDDED") ? 1.0 : 0.5)
                                        * (cipher == CipherSuite.AES256_GCM ? 1.0 : 0.8)));
                        ResultFixtures.writeJson(results, "m" + file++, new Run("RandomActionsOnMultiBucketTest",
                                storage, Engines.DEFAULT, cipher, 3, threads, sizeKib, 1000), figures(threads, sizeKib, 1.2));
                    }
                }
            }
        }
        Path charts = folder.resolve("charts");

        ChartSet.Outcome outcome = new ChartSet().render(new ResultLoader().load(List.of(results)).measurements(), charts);

        assertEquals(List.of("Engines.png: needs results for two or more values of engine, found [VAULTLOAD]"),
                outcome.skipped());
        Map<String, BufferedImage> images = outcome.written().stream()
                .collect(Collectors.toMap(path -> path.getFileName().toString(), ChartSetTest::image));
        assertEquals(9, images.size(), images.keySet().toString());
        for (String single : List.of("Write.png", "Read.png", "Share.png", "List.png", "Delete.png")) {
            assertSize(images.get(single), ThroughputPanel.WIDTH_PIXELS, ThroughputPanel.HEIGHT_PIXELS);
        }
        // a column per size; a row per configuration (2 storages x 2 ciphers) or per operation
        assertSize(images.get("Singlebucket.png"), 2 * ThroughputPanel.WIDTH_PIXELS, 4 * ThroughputPanel.HEIGHT_PIXELS);
        for (String comparison : List.of("Multibucket.png", "CBCvsGCM.png", "ceph.png")) {
            assertSize(images.get(comparison), 2 * ThroughputPanel.WIDTH_PIXELS, 5 * ThroughputPanel.HEIGHT_PIXELS);
        }
        images.forEach((name, image) -> assertTrue(distinctColours(image) > 8, name + " looks empty"));
    }

    @Test
    void aLogWithOneStorageDrawsTheOperationChartsAndSaysWhyNotTheComparisons() throws Exception {
        ChartSet.Outcome outcome = new ChartSet().render(
                new ResultLoader().load(List.of(ParseScriptsTest.seedLog())).measurements(), folder);

        assertEquals(List.of("Write.png", "Read.png", "Share.png", "List.png", "Delete.png", "Singlebucket.png"),
                outcome.written().stream().map(path -> path.getFileName().toString()).toList());
        // a log names neither cipher nor buckets, and its suite is Datasafe's RandomActionsOnDatasafeIT
        assertEquals(List.of("Multibucket.png: needs results for two or more values of buckets, found []",
                "CBCvsGCM.png: needs results for two or more values of cipher, found []",
                "ceph.png: needs results for two or more values of storage, found [AMAZON]",
                "Engines.png: needs results for two or more values of engine, found [VAULTLOAD]"), outcome.skipped());
    }

    @Test
    void twoEnginesOnTheSameRunsDrawTheEngineComparison() throws IOException {
        Path results = Files.createDirectories(folder.resolve("engines"));
        for (String engine : List.of(Engines.DEFAULT, "DATASAFE")) {
            for (int threads : List.of(2, 4)) {
                ResultFixtures.writeJson(results, engine + threads, new Run("RandomActionsOnDatasafeTest", "FILESYSTEM",
                        engine, CipherSuite.AES256_GCM, 1, threads, 100, 1000), figures(threads, 100, engine.equals("DATASAFE") ? 0.1 : 1.0));
            }
        }

        ChartSet.Outcome outcome = new ChartSet().render(new ResultLoader().load(List.of(results)).measurements(),
                folder.resolve("charts"));

        Path engines = outcome.written().stream().filter(path -> path.getFileName().toString().equals("Engines.png"))
                .findFirst().orElseThrow(() -> new AssertionError("no Engines.png: " + outcome.skipped()));
        BufferedImage image = image(engines);
        assertSize(image, ThroughputPanel.WIDTH_PIXELS, 5 * ThroughputPanel.HEIGHT_PIXELS);
        assertTrue(distinctColours(image) > 8, "Engines.png looks empty");
    }

    /** Throughput falling with file size and rising with threads, scaled per storage. */
    private static List<Figures> figures(int threads, int sizeKib, double scale) {
        return OPERATIONS.stream().map(type -> new Figures(type, scale * (100 + type.ordinal() * 20) * 100 / sizeKib
                * (1 + 0.1 * threads), 1, 2, 3, 4, 5)).toList();
    }

    private static BufferedImage image(Path png) {
        try {
            return ImageIO.read(png.toFile());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void assertSize(BufferedImage image, int widthPixels, int heightPixels) {
        assertEquals(widthPixels + "x" + heightPixels, image.getWidth() + "x" + image.getHeight());
    }

    private static long distinctColours(BufferedImage image) {
        return java.util.stream.IntStream.range(0, image.getHeight()).boxed()
                .flatMap(y -> java.util.stream.IntStream.range(0, image.getWidth()).mapToObj(x -> image.getRGB(x, y)))
                .distinct().count();
    }
}
