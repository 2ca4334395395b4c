package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnDownsamplerTest {

    @Test
    void aLongLineKeepsTwoPointsAColumnAndEverySpike() {
        int points = 100_000;
        double[] x = new double[points];
        double[] y = new double[points];
        for (int index = 0; index < points; index++) {
            x[index] = index * 800.0 / points;
            y[index] = 100 + (index % 7);
        }
        y[51_234] = 5; // a spike up the chart (rows count down)

        List<ColumnDownsampler.Piece> pieces = ColumnDownsampler.pieces(x, y);

        assertEquals(1, pieces.size());
        ColumnDownsampler.Piece line = pieces.getFirst();
        assertTrue(line.size() <= 2 * 800, () -> line.size() + " points for 800 columns");
        assertEquals(5, Arrays.stream(line.y()).min().orElseThrow());
        assertEquals(106, Arrays.stream(line.y()).max().orElseThrow());
    }

    @Test
    void aNanBreaksTheLineIntoPieces() {
        List<ColumnDownsampler.Piece> pieces = ColumnDownsampler.pieces(new double[] {1, 2, 3, 4, 5},
                new double[] {10, 11, Double.NaN, 12, 13});

        assertEquals(2, pieces.size());
        assertEquals(List.of(1.0, 2.0), Arrays.stream(pieces.get(0).x()).boxed().toList());
        assertEquals(List.of(4.0, 5.0), Arrays.stream(pieces.get(1).x()).boxed().toList());
    }
}
