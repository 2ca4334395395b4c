package dev.vaultload.report;

import dev.vaultload.stats.HealthSample;
import dev.vaultload.stats.SoakHealth;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;

/**
 * The closing health line of a run, after the statistics:
 * <pre>
 * Soak health: CPU 0.630 ms/op, RSS 290.1 -> 301.5 MiB (quarters 295.0 -> 300.2 MiB, +1.8%), heap 40.2 -> 88.0 MiB, threads max 23, GC 120 collections, 340 ms paused
 * </pre>
 */
public final class SoakHealthLog extends LoggedReport {
    private static final double BYTES_PER_MEBIBYTE = 1024.0 * 1024.0;

    public SoakHealthLog(Logger log) {
        super(log);
    }

    @Override
    public List<String> lines(RunResult result) {
        return List.of(line(result));
    }

    /** The health line, and a warning when the RSS grew more than MAX_RSS_GROWTH_PERCENT. */
    @Override
    public void write(RunResult result) {
        super.write(result);
        if (result.health().failure() != null) {
            log().warn(result.health().failure());
        }
    }

    private static String line(RunResult result) {
        SoakHealth health = result.health();
        String rssGrowth = health.rssGrowthPercent() != null ? String.format(Locale.ROOT,
                "RSS %s -> %s MiB (quarters %.1f -> %.1f MiB, %+.1f%%)", mebibytes(health.rssStartBytes()),
                mebibytes(health.rssEndBytes()), health.firstQuarterRssBytes() / BYTES_PER_MEBIBYTE,
                health.lastQuarterRssBytes() / BYTES_PER_MEBIBYTE, health.rssGrowthPercent())
                // a run shorter than a few periods has no quarters to compare: its start and end are still known
                : health.rssEndBytes() != HealthSample.UNKNOWN ? "RSS " + mebibytes(health.rssStartBytes()) + " -> "
                + mebibytes(health.rssEndBytes()) + " MiB (too few periods for a growth figure)"
                : "RSS not measured on this system";
        return String.format(Locale.ROOT,
                "Soak health: CPU %.3f ms/op, %s, heap %s -> %s MiB, threads max %d, GC %d collections, %d ms paused",
                result.cpu().processCpuMillisPerOperation(), rssGrowth, mebibytes(health.heapStartBytes()),
                mebibytes(health.heapEndBytes()), health.maxLiveThreads(), health.gcCount(), health.gcPauseMillis());
    }

    private static String mebibytes(long bytes) {
        return bytes == HealthSample.UNKNOWN ? "unknown" : String.format(Locale.ROOT, "%.1f", bytes / BYTES_PER_MEBIBYTE);
    }
}
