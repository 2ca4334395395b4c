package dev.vaultload.run;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.FlushedPeriods;
import dev.vaultload.report.JournalEvent;
import dev.vaultload.report.LifeGap;
import dev.vaultload.report.RunJournalReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * What the dead process (and any before it) of a combination that this one resumes left: its journal, what it
 * measured up to the last period it flushed, and the gap from there to now.
 *
 * @param journal   the dead process's journal, with the last pass it journaled and that pass's ledger
 * @param measured  every earlier life's figures up to the end of the last flushed period
 * @param gap       from that end to this process's resumption
 * @param latencies each operation's latencies in the .hlog up to that end: what the earlier lives count in the result
 */
record EarlierLives(RunJournalReader.Journal journal, JournalEvent.Resumed measured, LifeGap gap,
                    Map<OperationType, Histogram> latencies) {

    /** @param hlog the combination's .hlog, which holds every earlier life's periods */
    static EarlierLives of(RunJournalReader.Journal journal, Path hlog, long resumedAtEpochMillis) {
        return new EarlierLives(journal, journal.livesSoFar(), new LifeGap(journal.endEpochMillis(), resumedAtEpochMillis),
                FlushedPeriods.latencies(hlog, journal.endEpochMillis()));
    }

    String userNamespace() {
        return journal.start().userNamespace();
    }

    /** The last pass the dead process journaled, validated: what it acknowledged and this process checks first. */
    Optional<JournalEvent.Pass> lastPass() {
        return journal.lastPass();
    }

    long endEpochMillis() {
        return gap.endedAtEpochMillis();
    }

    /** Each earlier gap and this one. */
    List<LifeGap> gaps() {
        List<LifeGap> gaps = new ArrayList<>(measured.gaps());
        gaps.add(gap);
        return gaps;
    }

    /** What this process's journal carries in its start line, so that a later process resumes from every life. */
    JournalEvent.Resumed forStartLine() {
        return new JournalEvent.Resumed(measured.startEpochMillis(), gaps(), measured.createUsersMillis(),
                measured.replayStartEpochMillis(), measured.soakMillis(), measured.replayMillis(), measured.replayCpuMillis(),
                measured.errors(), measured.failures());
    }

    /** The operations the earlier lives replayed (CREATE_USER left out), for CPU per operation. */
    long replayedOperations() {
        return latencies.entrySet().stream().filter(entry -> entry.getKey() != OperationType.CREATE_USER)
                .mapToLong(entry -> entry.getValue().getTotalCount()).sum();
    }
}
