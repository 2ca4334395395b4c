package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * When a combination ran and how far it got.
 *
 * @param startedAt       ISO-8601 instant the combination started
 * @param wallClockMillis duration of the whole combination, users' creation and validation included
 * @param passes          passes of the fixture completed
 * @param interruptedBy   the signal that stopped the run early ({@code SIGINT}, {@code SIGTERM}), null when none did:
 *                        the figures are those of the time before it
 * @param incomplete      for a result recovered from a dead run's journal, {@code the process ended at T without final
 *                        validation}: its figures are those up to T; null for a result its run wrote
 * @param gaps            a resumed run's gaps, when one process died and the next (the same RUN_ID) resumed it: the
 *                        result covers every life, the wall clock spans the gaps, throughput leaves them out
 */
public record RunTiming(String startedAt, long wallClockMillis, int passes, String interruptedBy,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String incomplete,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LifeGap> gaps) {

    public RunTiming {
        gaps = gaps == null ? List.of() : List.copyOf(gaps);
    }

    /** The timing of a result its run wrote itself in one life. */
    public RunTiming(String startedAt, long wallClockMillis, int passes, String interruptedBy) {
        this(startedAt, wallClockMillis, passes, interruptedBy, null, List.of());
    }
}
