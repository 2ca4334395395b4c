package dev.vaultload.stats;

/**
 * Samples the process's health at the start of a run and at every period, into a bounded {@link HealthSeries}.
 * List it before the listeners that show {@link HealthSeries#latest()}: listeners are called in order.
 */
public final class HealthSampler implements IntervalListener {
    private final ProcessHealth probe;
    private final HealthSeries series;

    /** Takes the run's first sample now. */
    public HealthSampler(ProcessHealth probe, HealthSeries series) {
        this.probe = probe;
        this.series = series;
        series.add(probe.sample(0));
    }

    @Override
    public void onInterval(Interval interval) {
        series.add(probe.sample(interval.runMillis()));
    }
}
