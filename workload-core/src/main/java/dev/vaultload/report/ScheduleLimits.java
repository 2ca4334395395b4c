package dev.vaultload.report;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How far an open loop (RATE, TRACE) may fall behind its schedule and still pass: a run that achieved a small share of
 * its due rate, or started its operations long after they were due, measured a different load than the one asked for,
 * and its figures must not pass as that load's.
 *
 * @param minAchievedShare the least achieved / due rate, 0 to 1
 * @param maxLatenessP99   the longest p99 of TRACE's schedule lateness (how late operations started)
 */
public record ScheduleLimits(double minAchievedShare, Duration maxLatenessP99) {
    /** No limit: for tests of the runners, which judge nothing. */
    public static final ScheduleLimits NONE = new ScheduleLimits(0, Duration.ofDays(365));
    private static final String P99 = "p99";

    /** Why the run did not keep its schedule, stated with the limits; empty when it did. */
    public Optional<String> missed(RateSection rate) {
        double share = rate.achievedOpsPerSecond() / rate.targetOpsPerSecond();
        if (share < minAchievedShare) {
            return Optional.of(String.format(Locale.ROOT, "achieved %.1f of %.1f ops/s due (%.0f%%), below MIN_ACHIEVED_SHARE %s",
                    rate.achievedOpsPerSecond(), rate.targetOpsPerSecond(), share * 100, minAchievedShare));
        }
        Long latenessMicros = rate.trace() == null ? null : rate.trace().latenessPercentileMicros().get(P99);
        if (latenessMicros != null && latenessMicros > maxLatenessP99.toNanos() / 1000) {
            return Optional.of(String.format(Locale.ROOT, "schedule lateness p99 %.3f s, over MAX_LATENESS %s",
                    latenessMicros / 1e6, maxLatenessP99));
        }
        return Optional.empty();
    }
}
