package dev.vaultload.report;

import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.HealthSample;
import dev.vaultload.stats.HealthSeries;
import dev.vaultload.stats.Interval;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.LatencyHistograms;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-period line of the KMS pressure tool, one per period and a closing "Statistics" one:
 * RequestCount, ResponseCount, TPS, AvgTPS, Max/Min/Avg time cost and the error counts by class.
 * Time costs are in milliseconds with microsecond resolution. With a {@link HealthSeries}, the line ends with
 * the process's health: {@code Heap: 84 MiB RSS: 301 MiB Threads: 23 GC: 12 (35 ms) CPU: 143%}, GC counted
 * since the run began, CPU as a share of one core over the period.
 */
public final class ProgressLog implements IntervalListener {
    private static final Logger LOG = LoggerFactory.getLogger(ProgressLog.class);
    private static final long BYTES_PER_MEBIBYTE = 1024 * 1024;

    private final String label;
    private final Histogram runLatencyMicros = LatencyHistograms.histogram();
    private final Histogram periodLatencyMicros = LatencyHistograms.histogram();
    private final HealthSeries health;
    private HealthSample previousHealth;

    /** @param label what runs, e.g. {@code FILESYSTEM 2 threads 100 Kb} */
    public ProgressLog(String label) {
        this(label, null);
    }

    /** @param health the run's health samples, the latest shown on each line; null for none */
    public ProgressLog(String label, HealthSeries health) {
        this.label = label;
        this.health = health;
    }

    @Override
    public void onInterval(Interval interval) {
        periodLatencyMicros.reset();
        interval.latencyMicros().values().forEach(periodLatencyMicros::add);
        runLatencyMicros.add(periodLatencyMicros);
        LOG.info(line(interval));
    }

    String line(Interval interval) {
        double runSeconds = interval.runMillis() / 1000.0;
        double periodSeconds = (interval.endEpochMillis() - interval.startEpochMillis()) / 1000.0;
        Histogram shown = interval.last() ? runLatencyMicros : periodLatencyMicros;
        StringBuilder line = new StringBuilder(256)
                .append(interval.last() ? "[Statistics] " : "[Time_" + interval.index() + "] ")
                .append(label)
                .append(" RequestCount: ").append(interval.requestsStarted())
                .append(" ResponseCount: ").append(interval.responses());
        if (!interval.last()) {
            line.append(" TPS: ").append(format(periodSeconds == 0 ? 0 : interval.completedInPeriod() / periodSeconds));
        }
        line.append(" AvgTPS: ").append(format(runSeconds == 0 ? 0 : runLatencyMicros.getTotalCount() / runSeconds))
                .append(" MaxOnceTimeCost: ").append(millis(shown.getTotalCount() == 0 ? 0 : shown.getMaxValue())).append(" ms")
                .append(" MinOnceTimeCost: ").append(millis(shown.getTotalCount() == 0 ? 0 : shown.getMinValue())).append(" ms")
                .append(" AvgOnceTimeCost: ").append(millis(shown.getMean())).append(" ms");
        for (ErrorClass errorClass : ErrorClass.values()) {
            line.append(' ').append(ErrorColumns.name(errorClass)).append(": ").append(interval.errors().get(errorClass));
        }
        if (health != null) {
            appendHealth(line);
        }
        return line.toString();
    }

    private void appendHealth(StringBuilder line) {
        HealthSample sample = health.latest();
        HealthSample start = health.first();
        HealthSample since = previousHealth == null ? start : previousHealth;
        long periodMillis = sample.runMillis() - since.runMillis();
        double cpuPercent = periodMillis == 0 ? 0 : 100.0 * (sample.processCpuMillis() - since.processCpuMillis()) / periodMillis;
        line.append(" Heap: ").append(sample.heapUsedBytes() / BYTES_PER_MEBIBYTE).append(" MiB")
                .append(" RSS: ").append(sample.rssKnown() ? sample.rssBytes() / BYTES_PER_MEBIBYTE + " MiB" : "unknown")
                .append(" Threads: ").append(sample.liveThreads())
                .append(" GC: ").append(sample.gcCount() - start.gcCount())
                .append(" (").append(sample.gcPauseMillis() - start.gcPauseMillis()).append(" ms)")
                .append(" CPU: ").append(Math.round(cpuPercent)).append('%');
        previousHealth = sample;
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    private static String millis(double micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
