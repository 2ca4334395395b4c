package dev.vaultload.report;

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
}
