package dev.vaultload.parse;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.FlushedPeriods;
import dev.vaultload.report.JournalEvent;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RunJournalReader;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunTiming;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.OperationStatistics;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The result a dead run would have written, from its journal and its .hlog, up to the last period both flushed:
 * counts and percentiles from the .hlog's periods, errors by class, passes, validation outcomes and CPU from the
 * journal (every life of a resumed run: {@link RunJournalReader.Journal#livesSoFar()}), with the failures that fail
 * the run (LOST, INTEGRITY), each naming its object. What neither keeps is left empty: the other failures and the
 * groups, per-operation errors, bytes moved (so MiB/s is 0), soak health; and no threshold is judged.
 */
final class IncompleteResult {
    private IncompleteResult() {
    }

    static RunResult of(RunJournalReader.Journal journal, Path hlog) {
        JournalEvent.Start start = journal.start();
        long endMillis = journal.endEpochMillis();
        JournalEvent.Resumed lives = journal.livesSoFar();
        Map<OperationType, Histogram> latencies = FlushedPeriods.latencies(hlog, endMillis);
        List<OperationStatistics> operations = new ArrayList<>();
        latencies.forEach((type, histogram) -> operations.add(statistics(type, histogram,
                type == OperationType.CREATE_USER ? lives.createUsersMillis() : lives.replayMillis())));
        long replayed = operations.stream().filter(operation -> operation.type() != OperationType.CREATE_USER)
                .mapToLong(OperationStatistics::count).sum();
        return new RunResult(start.setup(), start.engine(),
                new RunTiming(Instant.ofEpochMilli(lives.startEpochMillis()).toString(), endMillis
                        - lives.startEpochMillis(), journal.passesFinished(), null, "the process ended at "
                        + Instant.ofEpochMilli(endMillis) + " without final validation", lives.gaps()),
                operations, errors(lives), lives.failures(), Map.of(),
                journal.lastPass().map(JournalEvent.Pass::objects).orElse(ObjectOutcomes.NONE),
                new CpuUsage(lives.replayCpuMillis(), 0, replayed), null,
                Map.of("recoveredFrom", journal.file().getFileName().toString()), start.environment(), null, null, null,
                null, null);
    }

    /** An operation's figures from its latencies alone: the sum of latencies is the histogram's, to its precision. */
    private static OperationStatistics statistics(OperationType type, Histogram latencies, long wallClockMillis) {
        long count = latencies.getTotalCount();
        return OperationStatistics.merged(type, latencies, Math.round(latencies.getMean() * count), 0, Map.of(),
                wallClockMillis, wallClockMillis <= 0 ? 0 : count * 1000.0 / wallClockMillis, 0);
    }

    /** Every class, as a run writes them, with the counts journaled up to the end. */
    private static Map<ErrorClass, Long> errors(JournalEvent.Resumed lives) {
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        for (ErrorClass errorClass : ErrorClass.values()) {
            errors.put(errorClass, lives.errors().getOrDefault(errorClass, 0L));
        }
        return errors;
    }
}
