package dev.vaultload.parse;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A histogram's latency at every percentile, as HdrHistogram's percentile distribution lists it: five steps for
 * each halving of the operations not yet passed, so the tail is drawn as finely as the body, and 100% last.
 *
 * @param percentiles  0 to 100, ascending
 * @param latencyMillis the latency at each, in milliseconds
 */
record LatencySpectrum(double[] percentiles, double[] latencyMillis) {
    private static final int STEPS_PER_HALF = 5;

    /** @param micros latencies in microseconds; an empty histogram has an empty spectrum */
    static LatencySpectrum of(AbstractHistogram micros) {
        List<double[]> points = new ArrayList<>();
        if (micros.getTotalCount() > 0) {
            for (HistogramIterationValue step : micros.percentiles(STEPS_PER_HALF)) {
                points.add(new double[] {step.getPercentileLevelIteratedTo(),
                        micros.highestEquivalentValue(step.getValueIteratedTo()) / 1000.0});
            }
        }
        return new LatencySpectrum(points.stream().mapToDouble(point -> point[0]).toArray(),
                points.stream().mapToDouble(point -> point[1]).toArray());
    }

    /** x the percentile, y the latency in milliseconds. */
    ChartLine line() {
        return new ChartLine(percentiles, latencyMillis);
    }
}
