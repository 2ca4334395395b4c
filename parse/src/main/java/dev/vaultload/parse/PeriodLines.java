package dev.vaultload.parse;

import java.util.Arrays;

/**
 * The lines a {@link PeriodTimeline} draws, x on the log's clock (milliseconds), each period's figure at the middle
 * of the period. Counts are drawn on
 * a grid of periods (all operations' periods) with 0 where a series has none, and dropping to 0 across a stretch
 * where no period was logged at all (nothing completed: a stalled store must not be drawn as a straight line
 * between its neighbours). Latencies have no value where nothing completed: their line breaks there.
 */
final class PeriodLines {
    /** A gap between periods longer than this many periods is time in which nothing was logged. */
    private static final double GAP_PERIODS = 1.5;

    private PeriodLines() {
    }

    /** What a period of a series shows. */
    @FunctionalInterface
    interface Figure {
        double of(PeriodTimeline.Counts periods, int index);
    }

    /** Events per second of each period. */
    static final Figure PER_SECOND = PeriodTimeline.Counts::perSecond;
    /** Events in each period. */
    static final Figure PER_PERIOD = (periods, index) -> periods.counts()[index];

    /**
     * {@code series} on the periods of {@code grid} and its own: its figure where it has a period, 0 where only the
     * grid has one, 0 at both ends of a stretch without any period.
     */
    static ChartLine onGrid(PeriodTimeline.Counts grid, PeriodTimeline.Counts series, Figure figure, long periodMillis) {
        int capacity = 2 * (grid.size() + series.size());
        double[] x = new double[capacity];
        double[] y = new double[capacity];
        int points = 0;
        double previousEndMillis = Double.NaN;
        int inGrid = 0;
        int inSeries = 0;
        while (inGrid < grid.size() || inSeries < series.size()) {
            boolean fromSeries = inGrid == grid.size() || inSeries < series.size()
                    && series.startMillis()[inSeries] <= grid.startMillis()[inGrid];
            PeriodTimeline.Counts source = fromSeries ? series : grid;
            int index = fromSeries ? inSeries : inGrid;
            long startMillis = source.startMillis()[index];
            if (previousEndMillis < startMillis - GAP_PERIODS * periodMillis) {
                x[points] = previousEndMillis;
                y[points++] = 0;
                x[points] = startMillis;
                y[points++] = 0;
            }
            x[points] = source.middleMillis(index);
            y[points++] = fromSeries ? figure.of(series, index) : 0;
            previousEndMillis = source.endMillis()[index];
            if (fromSeries && inGrid < grid.size() && grid.startMillis()[inGrid] == startMillis) {
                inGrid++;
            }
            if (fromSeries) {
                inSeries++;
            } else {
                inGrid++;
            }
        }
        return new ChartLine(Arrays.copyOf(x, points), Arrays.copyOf(y, points));
    }

    /** An operation's latency at one percentile per period, in milliseconds, broken where periods are missing. */
    static ChartLine latencyMillis(PeriodTimeline.Counts periods, long[] micros, long periodMillis) {
        double[] x = new double[2 * periods.size()];
        double[] y = new double[2 * periods.size()];
        int points = 0;
        for (int index = 0; index < periods.size(); index++) {
            if (index > 0 && periods.startMillis()[index] - periods.endMillis()[index - 1] > periodMillis / 2.0) {
                x[points] = periods.endMillis()[index - 1];
                y[points++] = Double.NaN;
            }
            x[points] = periods.middleMillis(index);
            y[points++] = micros[index] / 1000.0;
        }
        return new ChartLine(Arrays.copyOf(x, points), Arrays.copyOf(y, points));
    }
}
