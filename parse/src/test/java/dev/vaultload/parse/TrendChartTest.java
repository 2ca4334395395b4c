package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrendChartTest {
    @TempDir
    Path folder;

    @Test
    void aPngIsDrawnInTheOperationsColorsAndTakesARunWithoutAValue() throws IOException {
        Path png = folder.resolve("trend/read.png");
        TrendChart.png("READ over the nights", "ms", "run", List.of(
                new TrendChart.Line("READ p50", new double[] {1, 1.1, Double.NaN, 1.2}),
                new TrendChart.Line("READ p99", new double[] {4, 5, 4.5, 6})), png);

        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(860, image.getWidth());
        assertEquals(520, image.getHeight());
        // READ's color (LineColors) is drawn somewhere on the white page
        int read = LineColors.ofOperationNamed("READ").orElseThrow().getRGB();
        boolean drawn = false;
        for (int x = 0; x < image.getWidth() && !drawn; x++) {
            for (int y = 0; y < image.getHeight() && !drawn; y++) {
                drawn = image.getRGB(x, y) == read;
            }
        }
        assertTrue(drawn, "a line in READ's color");
    }
}
