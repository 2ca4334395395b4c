package dev.vaultload.stats;

import java.util.List;

/**
 * The health of the process over a run, the XACML stability test's questions: does memory stay flat, what
 * does the GC cost. RSS growth compares the mean RSS of the samples in the first quarter of the run with
 * that of the samples in the last quarter, so that a single spike does not decide it.
 *
 * @param heapStartBytes        heap used at the start of the run
 * @param heapEndBytes          heap used at the end
 * @param rssStartBytes         RSS at the start ({@link HealthSample#UNKNOWN} where unknown)
 * @param rssEndBytes           RSS at the end
 * @param firstQuarterRssBytes  mean RSS of the samples in the first quarter of the run, null when unknown
 * @param lastQuarterRssBytes   mean RSS of the samples in the last quarter, null when unknown
 * @param rssGrowthPercent      (last - first) / first quarter, in percent; null when unknown
 * @param maxRssGrowthPercent   MAX_RSS_GROWTH_PERCENT, null when not set
 * @param maxLiveThreads        most live threads seen in a sample
 * @param gcCount               collections during the run
 * @param gcPauseMillis         stop-the-world collection time during the run
 * @param sampleEveryIntervals  the samples kept are every n-th period's (1, then doubling to keep at most
 *                              {@link HealthSeries#MAX_SAMPLES})
 * @param samples               the kept samples, in time order, the last sample of the run included
 * @param failure               why the run fails on health (RSS grew more than allowed), null when it does not
 */
public record SoakHealth(
        long heapStartBytes,
        long heapEndBytes,
        long rssStartBytes,
        long rssEndBytes,
        Double firstQuarterRssBytes,
        Double lastQuarterRssBytes,
        Double rssGrowthPercent,
        Double maxRssGrowthPercent,
        int maxLiveThreads,
        long gcCount,
        long gcPauseMillis,
        int sampleEveryIntervals,
        List<HealthSample> samples,
        String failure) {
}
