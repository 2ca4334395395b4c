package dev.vaultload.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EDivisiveTest {

    @Test
    void twoStepsAreBothFoundWithTheirSizesAndIntervals() {
        Random random = new Random(7);
        double[] values = new double[60];
        for (int run = 0; run < values.length; run++) {
            double level = run < 20 ? 100 : run < 40 ? 150 : 120;
            values[run] = level + random.nextGaussian();
        }

        List<EDivisive.ChangePoint> points = EDivisive.DEFAULT.changePoints(values);

        assertEquals(List.of(20, 40), points.stream().map(EDivisive.ChangePoint::index).toList());
        EDivisive.ChangePoint up = points.get(0);
        assertEquals(50, up.changePercent(), 1.5);
        assertTrue(up.lowPercent() < up.changePercent() && up.changePercent() < up.highPercent());
        assertTrue(up.lowPercent() > 45 && up.highPercent() < 55, () -> up.lowPercent() + ", " + up.highPercent());
        assertEquals(20, up.pointsBefore());
        assertEquals(20, up.pointsAfter());
        assertEquals(-20, points.get(1).changePercent(), 1.5);
        assertTrue(up.pValue() <= EDivisive.DEFAULT.maxPValue());
    }

    @Test
    void aFlatSeriesHasNone() {
        assertTrue(EDivisive.DEFAULT.changePoints(new double[30]).isEmpty(), "constant");
        assertTrue(EDivisive.DEFAULT.changePoints(new double[] {1, 2, 3}).isEmpty(), "too short to split");
    }
}
