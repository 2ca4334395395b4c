package dev.vaultload.cli;

import dev.vaultload.stats.Interval;
import dev.vaultload.stats.IntervalListener;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A progress bar with ETA over the operations of one phase, moved by each period's response count. */
final class ProgressBarListener implements IntervalListener {
    private final ProgressBar bar;
    private final long plannedOperations;

    ProgressBarListener(String label, long plannedOperations) {
        this.plannedOperations = plannedOperations;
        this.bar = new ProgressBarBuilder().setTaskName(label).setInitialMax(plannedOperations)
                .setStyle(ProgressBarStyle.ASCII).setUnit(" ops", 1).showSpeed().continuousUpdate().build();
    }

    @Override
    public void onInterval(Interval interval) {
        bar.stepTo(Math.min(interval.responses(), plannedOperations));
        if (interval.last()) {
            bar.close();
        }
    }
}
