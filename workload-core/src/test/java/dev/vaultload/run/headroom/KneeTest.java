package dev.vaultload.run.headroom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.HeadroomStep;
import java.util.List;
import org.junit.jupiter.api.Test;

class KneeTest {
    private static HeadroomStep step(int threads, double opsPerSecond, long p50Micros) {
        return new HeadroomStep(threads, 100, 0, 0, opsPerSecond, p50Micros, p50Micros, p50Micros, 0);
    }

    @Test
    void isTheHighestThroughputBeforeLatencyPassesTheFactorOfItsMinimum() {
        List<HeadroomStep> steps = List.of(step(1, 100, 10_000), step(2, 190, 10_500), step(3, 250, 19_000),
                step(4, 260, 21_000), step(5, 300, 40_000));

        assertEquals(3, Knee.of(steps, 2).orElseThrow().threads(), "step 4 is past 2 x 10 ms");
    }

    @Test
    void aSlowFirstStepDoesNotHideTheKnee() {
        List<HeadroomStep> steps = List.of(step(1, 50, 30_000), step(2, 190, 10_000), step(3, 150, 25_000));

        assertEquals(2, Knee.of(steps, 2).orElseThrow().threads());
    }

    @Test
    void noneWithoutMeasuredSteps() {
        assertTrue(Knee.of(List.of(new HeadroomStep(1, 0, 5, 0, 0, 0, 0, 0, 0)), 2).isEmpty());
    }
}
