package dev.vaultload.report;

import java.util.Comparator;
import java.util.List;

/**
 * The time between a run's process dying and the next one resuming it (the same RUN_ID): no operation ran, so the time
 * charts mark it and throughput leaves it out.
 *
 * @param endedAtEpochMillis   the end of the last period the dead process flushed: its figures end there
 * @param resumedAtEpochMillis when the next process began to resume it
 */
public record LifeGap(long endedAtEpochMillis, long resumedAtEpochMillis) {
    public long millis() {
        return resumedAtEpochMillis - endedAtEpochMillis;
    }

    /** How much of {@code [fromEpochMillis, toEpochMillis)} lies within any of {@code gaps}, overlapping gaps once. */
    public static long unionMillis(List<LifeGap> gaps, long fromEpochMillis, long toEpochMillis) {
        long covered = 0;
        long reached = fromEpochMillis;
        for (LifeGap gap : gaps.stream().sorted(Comparator.comparingLong(LifeGap::endedAtEpochMillis)).toList()) {
            long start = Math.max(reached, gap.endedAtEpochMillis());
            long end = Math.min(toEpochMillis, gap.resumedAtEpochMillis());
            if (end > start) {
                covered += end - start;
                reached = end;
            }
        }
        return covered;
    }

    /** Whether {@code [fromEpochMillis, toEpochMillis)} meets this gap. */
    public boolean meets(long fromEpochMillis, long toEpochMillis) {
        return fromEpochMillis < resumedAtEpochMillis && endedAtEpochMillis < toEpochMillis;
    }
}
