package dev.vaultload.history;

import dev.vaultload.parse.TrendChart;

/** A series' values as a line of {@link TrendChart}, marked with the change points {@code history check} finds in them. */
final class TrendLines {

    private TrendLines() {
    }

    static TrendChart.Line of(String label, double[] values) {
        return new TrendChart.Line(label, values, EDivisive.DEFAULT.changePoints(values).stream()
                .map(point -> new TrendChart.Change(point.index(), point.changePercent())).toList());
    }
}
