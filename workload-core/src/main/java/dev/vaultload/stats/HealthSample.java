package dev.vaultload.stats;

/**
 * The state of the JVM process at one moment of a run.
 *
 * @param runMillis        time since the run began
 * @param heapUsedBytes    heap in use, garbage not yet collected included
 * @param rssBytes         resident set size (Linux's VmRSS), {@link #UNKNOWN} where the OS does not say
 * @param liveThreads      live threads of the JVM
 * @param gcCount          collections since the JVM started, all collectors
 * @param gcPauseMillis    time in stop-the-world collections since the JVM started
 * @param processCpuMillis CPU time of the whole process since it started
 */
public record HealthSample(
        long runMillis,
        long heapUsedBytes,
        long rssBytes,
        int liveThreads,
        long gcCount,
        long gcPauseMillis,
        long processCpuMillis) {

    /** The value of {@link #rssBytes} when it cannot be read. */
    public static final long UNKNOWN = -1;

    public boolean rssKnown() {
        return rssBytes != UNKNOWN;
    }
}
