package dev.vaultload.run;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.ResultFigure;
import dev.vaultload.report.Threshold;
import dev.vaultload.report.ResultMetric;
import dev.vaultload.report.ThresholdVerdict;
import dev.vaultload.report.Thresholds;
import dev.vaultload.stats.Interval;
import dev.vaultload.stats.IntervalListener;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.HdrHistogram.Histogram;

/**
 * k6's {@code abortOnFail}: after every period past the warm-up, the thresholds so marked are judged on the
 * figures so far (latencies of the periods after the warm-up, errors over responses since the start), and the first
 * breach stops the measurement through its {@link RunControl}, as FAIL_FAST's first failure does. What was measured
 * is still written; the breach is that threshold's verdict ({@link #breaches()}).
 */
public final class ThresholdWatch implements IntervalListener {
    private final List<Threshold> watched;
    private final RunControl control;
    private final long warmupMillis;
    private final Map<OperationType, Histogram> latencies = new EnumMap<>(OperationType.class);
    private final Map<Threshold, ThresholdVerdict> breaches = new LinkedHashMap<>();

    /** @param warmup the start of the run, whose periods are neither judged nor counted in the latencies */
    public ThresholdWatch(Thresholds thresholds, RunControl control, Duration warmup) {
        this.watched = thresholds.abortingOnFail();
        this.control = control;
        this.warmupMillis = warmup.toMillis();
    }

    @Override
    public synchronized void onInterval(Interval interval) {
        if (watched.isEmpty() || !breaches.isEmpty() || interval.runMillis() - periodMillis(interval) < warmupMillis) {
            return;
        }
        interval.latencyMicros().forEach((type, histogram) ->
                latencies.computeIfAbsent(type, ignored -> new Histogram(3)).add(histogram));
        for (Threshold threshold : watched) {
            OptionalDouble measured = measure(threshold, interval);
            if (measured.isPresent() && threshold.verdict(measured.getAsDouble()).breached()) {
                breaches.put(threshold, threshold.verdict(measured.getAsDouble()).stoppedAfter(interval.runMillis()));
                control.stop();
                return;
            }
        }
    }

    /** The threshold that stopped the measurement, with its value then; empty when none did. */
    public synchronized Map<Threshold, ThresholdVerdict> breaches() {
        return Map.copyOf(breaches);
    }

    private OptionalDouble measure(Threshold threshold, Interval interval) {
        if (threshold.metric() == ResultMetric.ERRORS) {
            long failed = threshold.figure().failures(interval.errors());
            return ResultFigure.percentOf(failed, interval.responses() - interval.errors().values().stream()
                    .mapToLong(Long::longValue).sum());
        }
        Histogram judged = new Histogram(3);
        latencies.forEach((type, histogram) -> {
            if (threshold.figure().judges(type)) {
                judged.add(histogram);
            }
        });
        return threshold.figure().latencyMillis(judged);
    }

    private static long periodMillis(Interval interval) {
        return interval.endEpochMillis() - interval.startEpochMillis();
    }
}
