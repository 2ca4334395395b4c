package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.stats.ErrorClass;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One line of a run journal ({@link RunJournal}), its kind in the field {@code event}. A reader skips kinds and fields
 * it does not know (a later minor addition); {@link Start#journalVersion} says when a line means something else.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "event")
@JsonSubTypes({
        @JsonSubTypes.Type(value = JournalEvent.Start.class, name = "start"),
        @JsonSubTypes.Type(value = JournalEvent.Replay.class, name = "replay"),
        @JsonSubTypes.Type(value = JournalEvent.Period.class, name = "period"),
        @JsonSubTypes.Type(value = JournalEvent.Pass.class, name = "pass"),
        @JsonSubTypes.Type(value = JournalEvent.Deleted.class, name = "deleted"),
        @JsonSubTypes.Type(value = JournalEvent.Failed.class, name = "failed"),
        @JsonSubTypes.Type(value = JournalEvent.End.class, name = "end")})
public sealed interface JournalEvent {
    /** The format this reader and writer speak; a journal of a higher version is refused. */
    int VERSION = 1;

    /**
     * The first line: what runs, as the result's JSON will name it (no secret is part of it), where, and which process.
     *
     * @param journalVersion          {@link #VERSION} of the writer
     * @param resultName              the base name of the combination's files ({@code NAME.json}, {@code NAME.hlog})
     * @param pid                     the process that runs it, so that a live run is not taken for a dead one
     * @param processStartEpochMillis when that process started (a pid is reused); 0 when unknown
     * @param runId                   RUN_ID, by which a process started again finds this journal to resume; absent
     *                                without one
     * @param userNamespace           the prefix of the store-side user ids: a resumed process opens the same users
     * @param resumed                 what the earlier lives of a resumed run measured; absent in a first life
     */
    record Start(int journalVersion, long atEpochMillis, String resultName, long pid, long processStartEpochMillis,
                 long periodMillis, RunSetup setup, EngineDescription engine, Environment environment,
                 @JsonInclude(JsonInclude.Include.NON_NULL) String runId,
                 @JsonInclude(JsonInclude.Include.NON_NULL) String userNamespace,
                 @JsonInclude(JsonInclude.Include.NON_NULL) Resumed resumed)
            implements JournalEvent {
    }

    /**
     * What the lives of a run before this process measured, carried in its start line, so that a run resumed twice
     * still adds up all of them (their latencies are in the .hlog, copied into the resumed one's).
     *
     * @param startEpochMillis  when the first life began the combination
     * @param gaps              each time a process died and the next resumed, in order
     * @param createUsersMillis the first life's CREATE_USER phase
     * @param replayStartEpochMillis when the first life's measured replay began
     * @param soakMillis        the time the earlier lives soaked, from each one's replay start to its last flushed period
     * @param replayMillis      the earlier lives' replay time, which throughput counts (their unfinished last pass
     *                          up to its last flushed period, validation included)
     * @param replayCpuMillis   the process CPU they spent from their replay start to their last flushed period
     * @param errors            failures by class they counted, the classes seen only
     * @param failures          the failures they journaled that fail a run (LOST, INTEGRITY), each with its object
     */
    record Resumed(long startEpochMillis, List<LifeGap> gaps, long createUsersMillis, long replayStartEpochMillis,
                   long soakMillis, long replayMillis, long replayCpuMillis,
                   @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<ErrorClass, Long> errors,
                   @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Failure> failures) {
        public Resumed {
            gaps = List.copyOf(gaps);
            errors = errors == null ? Map.of() : Map.copyOf(errors);
            failures = failures == null ? List.of() : List.copyOf(failures);
        }
    }

    /**
     * A failure that fails the run (LOST, INTEGRITY), flushed with the next period: a dead process's result, recovered
     * or resumed, still names the object, though the process's list of failures died with it.
     */
    record Failed(Failure failure) implements JournalEvent {
    }

    /** The users exist; the measured replay begins. */
    record Replay(long atEpochMillis, long createUsersMillis, long processCpuMillis) implements JournalEvent {
    }

    /**
     * A period the .hlog has flushed before this line: the journal's last period is where a recovered result ends.
     *
     * @param errors failures by class since the run began, the classes seen only
     */
    record Period(int index, long startEpochMillis, long endEpochMillis, long requestsStarted,
                  @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<ErrorClass, Long> errors, long processCpuMillis)
            implements JournalEvent {
        public Period {
            errors = errors == null ? Map.of() : Map.copyOf(errors);
        }
    }

    /**
     * A pass replayed (and validated, unless the run was stopping), with what the store acknowledged under its prefixes.
     *
     * @param objects      what the validations found so far in the combination
     * @param ledger       every object of the pass that may exist ({@code run.ObjectLedger})
     * @param replayMillis the replay time of every pass so far, earlier lives' included: what throughput counts
     */
    record Pass(int pass, long atEpochMillis, List<String> prefixes, boolean validated, ObjectOutcomes objects,
                List<LedgerEntry> ledger, long replayMillis) implements JournalEvent {
    }

    /**
     * One object of the ledger.
     *
     * @param user        the user as the store names it
     * @param contents    the content ids it may hold (more than one, or {@code mayBeAbsent}: in doubt)
     * @param mayBeAbsent a failed write or delete left its existence in doubt
     * @param storeKey    the store's key of the object; absent when the engine does not say
     */
    record LedgerEntry(String user, StorageType space, String path, Set<String> contents,
                       @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean mayBeAbsent,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String storeKey) {
    }

    /** A pass's objects were deleted from the store (the soak keeps the store flat). */
    record Deleted(int pass, long atEpochMillis) implements JournalEvent {
    }

    /**
     * The combination finished and its result was written: nothing to recover.
     *
     * @param thresholdsBreached whether its result broke a threshold (false in journals older than this field)
     */
    record End(long atEpochMillis, boolean passed, boolean thresholdsBreached) implements JournalEvent {
    }
}
