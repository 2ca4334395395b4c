package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrendChartTest {
    private static final Pattern HEADING_LINE = Pattern.compile("<tspan x=\"450\"[^>]*>([^<]*)</tspan>");

    @TempDir
    Path folder;

    @Test
    void aPngIsDrawnInTheOperationsColorsAndTakesARunWithoutAValue() throws IOException {
        Path png = folder.resolve("trend/read.png");
        TrendChart.png("READ over the nights", "ms", "run", List.of(
                new TrendChart.Line("READ p50", new double[] {1, 1.1, Double.NaN, 1.2}, List.of()),
                new TrendChart.Line("READ p99", new double[] {4, 5, 4.5, 6}, List.of())), png);

        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(860, image.getWidth());
        assertTrue(image.getHeight() > 520 && image.getHeight() < 550, "the chart under a heading of one line: " + image.getHeight());
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

    @Test
    void linesSpanningMoreThanTenfoldAreDrawnOnALogarithmicAxis() throws IOException {
        List<TrendChart.Line> apart = List.of(new TrendChart.Line("FILESYSTEM", new double[] {0.12, 0.11, 0.13}, List.of()),
                new TrendChart.Line("CEPH", new double[] {40, 0, 45}, List.of()));
        String log = TrendChart.svg("READ p99", "ms", "run", apart);
        assertTrue(log.contains(">ms (log scale)</text>"), log);
        for (String decade : List.of("0.1", "1", "10", "100")) {
            assertTrue(log.contains("text-anchor=\"end\">" + decade + "</text>"), "a tick at " + decade + ": " + log);
        }

        String linear = TrendChart.svg("READ p99", "ms", "run", List.of(
                new TrendChart.Line("MINIO", new double[] {5, 6, 5.5}, List.of()),
                new TrendChart.Line("CEPH", new double[] {40, 0, 45}, List.of())));
        assertTrue(linear.contains(">ms</text>") && linear.contains("text-anchor=\"end\">0</text>"),
                "within a factor of 10 (a 0 aside) the axis stays linear from 0: " + linear);

        // XChart refuses 0 on a logarithmic axis: it is left out, as on the SVG
        Path png = folder.resolve("apart.png");
        TrendChart.png("READ p99", "ms", "run", apart, png);
        assertEquals(860, ImageIO.read(png.toFile()).getWidth());
    }

    @Test
    void eachChangePointIsMarkedBetweenTheRunsEitherSideWithItsSize() throws IOException {
        TrendChart.Change slower = new TrendChart.Change(3, 20.44);
        String one = TrendChart.svg("READ p99", "ms", "run",
                List.of(new TrendChart.Line("READ p99", new double[] {10, 10, 10, 12, 12, 12}, List.of(slower))));
        assertTrue(one.contains("<g data-band=\"+20.4%\">"), one);
        // runs 1 to 6 on an axis from 0 to 8 over the plot's 64 to 884 pixels: run 3 at 371.5, run 4 at 474
        assertTrue(one.contains("<rect x=\"371.5\" y=\"") && one.contains("\" width=\"102.5\""), one);

        String two = TrendChart.svg("p50 and p99", "ms", "run", List.of(
                new TrendChart.Line("READ p50", new double[] {5, 5, 5, 5, 5, 5}, List.of()),
                new TrendChart.Line("READ p99", new double[] {10, 10, 10, 12, 12, 12}, List.of(slower))));
        assertTrue(two.contains("<g data-band=\"READ p99 +20.4%\">"), "with several lines, the line's: " + two);

        List<TrendChart.Line> together = List.of("READ p50", "READ p99", "WRITE p50", "WRITE p99").stream()
                .map(label -> new TrendChart.Line(label, new double[] {1, 1, 1, 2, 2, 2}, List.of(new TrendChart.Change(3, 100))))
                .toList();
        String all = TrendChart.svg("p50 and p99", "ms", "run", together);
        assertEquals(1, all.split("<g data-band=").length - 1, "one marker where the lines changed together: " + all);
        assertTrue(all.contains("<g data-band=\"READ p50 +100.0%, READ p99 +100.0% and 2 more\">"), all);

        Path png = folder.resolve("change.png");
        TrendChart.png("READ p99", "ms", "run", List.of(
                new TrendChart.Line("READ p99", new double[] {10, 10, 10, 12, 12, 12}, List.of(slower))), png);
        assertEquals(860, ImageIO.read(png.toFile()).getWidth());
    }

    @Test
    void aLongHeadingWrapsAtCommasWithinTheChartsWidth() {
        String key = "READ p99, mode=FIXTURE,suite=RandomActionsOnDatasafeTest,storage=CEPH,engine=VAULTLOAD,"
                + "cipher=AES256_GCM,threads=2,file_size_kib=100,fixture=SMALL,key_pair=X25519,kdf_iterations=210000,"
                + "cores=2,jdk_major=25, per day (median)";
        String svg = TrendChart.svg(key, "ms", "day", List.of(new TrendChart.Line("READ p99", new double[] {1, 2}, List.of())));

        List<String> lines = headingLines(svg);
        assertEquals(3, lines.size(), svg);
        assertEquals(key.replace(" ", ""), String.join("", lines).replace(" ", ""), "nothing lost but the spaces broken at");
        assertTrue(lines.stream().allMatch(line -> line.length() <= (900 - 2 * 16) / 8), lines::toString);
        assertTrue(lines.getFirst().endsWith(","), "broken after a comma: " + lines);
        assertTrue(svg.contains("height=\"330\"") && svg.contains("<g transform=\"translate(0 30)\">"),
                "the chart moved down by the heading's second and third lines: " + svg);
        assertTrue(svg.contains("aria-label=\"" + key + "\""), svg);

        List<String> short_ = headingLines(TrendChart.svg("READ p99", "ms", "run",
                List.of(new TrendChart.Line("READ p99", new double[] {1, 2}, List.of()))));
        assertEquals(List.of("READ p99"), short_);
    }

    @Test
    void aLongHeadingOfAPngWrapsToo() throws IOException {
        Path oneLine = folder.resolve("one.png");
        Path twoLines = folder.resolve("two.png");
        List<TrendChart.Line> lines = List.of(new TrendChart.Line("READ p99", new double[] {1, 2}, List.of()));
        TrendChart.png("READ p99", "ms", "run", lines, oneLine);
        TrendChart.png("READ p99, " + "storage=CEPH,".repeat(12), "ms", "run", lines, twoLines);
        int row = ImageIO.read(twoLines.toFile()).getHeight() - ImageIO.read(oneLine.toFile()).getHeight();
        assertTrue(row > 10 && row < 30, "a second line of the heading: " + row + " pixels");
    }

    @Test
    void wrappingBreaksAfterSpacesAndCommasAndCutsAWordLongerThanALine() {
        Predicate<String> fourLetters = line -> line.length() <= 4;
        assertEquals(List.of("a,b,", "c d"), TrendChart.wrap("a,b,c d", fourLetters));
        assertEquals(List.of("one", "two"), TrendChart.wrap("one   two", fourLetters));
        assertEquals(List.of("abcd", "ef"), TrendChart.wrap("abcdef", fourLetters));
        assertEquals(List.of("fits"), TrendChart.wrap("fits", fourLetters));
        assertEquals(List.of(""), TrendChart.wrap("", fourLetters));
    }

    private static List<String> headingLines(String svg) {
        Matcher line = HEADING_LINE.matcher(svg);
        List<String> lines = new java.util.ArrayList<>();
        while (line.find()) {
            lines.add(line.group(1));
        }
        return lines;
    }
}
