package dev.vaultload.history;

import dev.vaultload.report.RunTrends;
import dev.vaultload.parse.TrendChart;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import java.util.ArrayList;
import java.util.List;

/**
 * report.html's trend of each run over the history of its configuration: every operation's p50 and p99 on one
 * chart, its ops/s on another, one point per run in the history (the run itself included once it was added), each
 * line's change points marked as {@code history check} finds them.
 */
public final class HistoryTrends implements RunTrends, AutoCloseable {
    private final HistoryStore store;

    public HistoryTrends(HistoryStore store) {
        this.store = store;
    }

    @Override
    public String html(RunResult result) {
        Configuration configuration = Configuration.of(result);
        RunFilter sameConfiguration = RunFilter.of(configuration);
        List<TrendChart.Line> latencies = new ArrayList<>();
        List<TrendChart.Line> throughputs = new ArrayList<>();
        int runs = 0;
        for (OperationStatistics type : result.operations()) {
            for (String metric : List.of("p50", "p99")) {
                runs = Math.max(runs, line(type.type() + " " + metric, sameConfiguration, latencies));
            }
            line(type.type() + " ops/s", sameConfiguration, throughputs);
        }
        if (runs < 2) {
            return "";
        }
        return TrendChart.section("Trend over the history: " + runs + " runs of " + configuration.key(),
                TrendChart.svg("p50 and p99 per operation, run by run", "ms", "run", latencies),
                TrendChart.svg("ops/s per operation, run by run", "ops/s", "run", throughputs));
    }

    /** @return how many runs the figure's series has (0 when none) */
    private int line(String figure, RunFilter filter, List<TrendChart.Line> lines) {
        List<FigureSeries> series = store.series(figure, filter);
        if (series.isEmpty()) {
            return 0;
        }
        lines.add(TrendLines.of(figure, series.getFirst().values()));
        return series.getFirst().points().size();
    }

    @Override
    public void close() {
        store.close();
    }
}
