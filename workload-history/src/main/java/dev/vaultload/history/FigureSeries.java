package dev.vaultload.history;

import java.util.List;

/**
 * One figure of one configuration over time, oldest first.
 *
 * @param figure as {@link dev.vaultload.report.ResultFigure#spelling()} names it
 * @param unit   of every value
 */
public record FigureSeries(Configuration configuration, String figure, String unit, List<Point> points) {

    /** One run's value. */
    public record Point(StoredRun run, double value) {
    }

    public double[] values() {
        return points.stream().mapToDouble(Point::value).toArray();
    }
}
