package dev.vaultload.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.Predicate;

/**
 * The health samples of one run, bounded: when {@link #MAX_SAMPLES} are held, every second one is dropped and
 * from then on only every second sample is kept, so a 72-hour run keeps an evenly spaced series of at most
 * that many. The first and the last sample are always known.
 */
public final class HealthSeries {
    public static final int MAX_SAMPLES = 1000;
    private static final double BYTES_PER_MEBIBYTE = 1024.0 * 1024.0;

    private final int maxSamples;
    private final List<HealthSample> kept = new ArrayList<>();
    private HealthSample first;
    private HealthSample last;
    private long offered;
    private int keepEvery = 1;

    public HealthSeries() {
        this(MAX_SAMPLES);
    }

    HealthSeries(int maxSamples) {
        this.maxSamples = maxSamples;
    }

    public synchronized void add(HealthSample sample) {
        if (first == null) {
            first = sample;
        }
        last = sample;
        if (offered++ % keepEvery == 0) {
            kept.add(sample);
            if (kept.size() >= maxSamples) {
                halve();
            }
        }
    }

    private void halve() {
        List<HealthSample> even = new ArrayList<>();
        for (int index = 0; index < kept.size(); index += 2) {
            even.add(kept.get(index));
        }
        kept.clear();
        kept.addAll(even);
        keepEvery *= 2;
    }

    /** The first sample, null before it. */
    public synchronized HealthSample first() {
        return first;
    }

    /** The latest sample, null before the first. */
    public synchronized HealthSample latest() {
        return last;
    }

    /**
     * @param maxRssGrowthPercent fails the summary when the RSS grew more than this from the first to the last
     *                            quarter of the run; empty for no limit
     * @throws IllegalStateException when no sample was added
     */
    public synchronized SoakHealth summarize(OptionalDouble maxRssGrowthPercent) {
        if (first == null) {
            throw new IllegalStateException("no health sample taken");
        }
        List<HealthSample> samples = new ArrayList<>(kept);
        if (samples.get(samples.size() - 1) != last) {
            samples.add(last);
        }
        long quarterMillis = (last.runMillis() - first.runMillis()) / 4;
        // The start sample is taken before any load: counting it would report the warm-up as growth.
        Double firstQuarter = meanRss(samples,
                s -> s != first && s.runMillis() <= first.runMillis() + quarterMillis);
        Double lastQuarter = meanRss(samples, s -> s.runMillis() >= last.runMillis() - quarterMillis);
        Double growthPercent = firstQuarter == null || lastQuarter == null
                ? null : (lastQuarter - firstQuarter) / firstQuarter * 100;
        Double limit = maxRssGrowthPercent.isPresent() ? maxRssGrowthPercent.getAsDouble() : null;
        String failure = limit != null && growthPercent != null && growthPercent > limit
                ? String.format(Locale.ROOT, "RSS grew %.1f%% from the first quarter of the run (mean %.1f MiB) to the "
                        + "last (mean %.1f MiB), more than MAX_RSS_GROWTH_PERCENT=%s", growthPercent,
                        firstQuarter / BYTES_PER_MEBIBYTE, lastQuarter / BYTES_PER_MEBIBYTE, limit)
                : null;
        return new SoakHealth(first.heapUsedBytes(), last.heapUsedBytes(), first.rssBytes(), last.rssBytes(),
                firstQuarter, lastQuarter, growthPercent, limit,
                samples.stream().mapToInt(HealthSample::liveThreads).max().orElse(0),
                last.gcCount() - first.gcCount(), last.gcPauseMillis() - first.gcPauseMillis(), keepEvery,
                List.copyOf(samples), failure);
    }

    /** Mean RSS of the samples that match, null when one of them or all are unknown. */
    private static Double meanRss(List<HealthSample> samples, Predicate<HealthSample> inQuarter) {
        List<HealthSample> quarter = samples.stream().filter(inQuarter).toList();
        if (quarter.isEmpty() || !quarter.stream().allMatch(HealthSample::rssKnown)) {
            return null;
        }
        return quarter.stream().mapToLong(HealthSample::rssBytes).average().orElseThrow();
    }
}
