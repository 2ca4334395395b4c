package dev.vaultload.parse;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
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
 * journal. What neither keeps is left empty: the failures kept and their groups, per-operation errors, bytes moved (so
 * MiB/s is 0), soak health; and no threshold is judged.
 */
final class IncompleteResult {
    private IncompleteResult() {
    }

    static RunResult of(RunJournalReader.Journal journal, Path hlog) {
        JournalEvent.Start start = journal.start();
        long endMillis = journal.lastPeriod().map(JournalEvent.Period::endEpochMillis).orElse(start.atEpochMillis());
        Map<OperationType, Histogram> latencies = FlushedPeriods.read(hlog, endMillis);
        long replayStartMillis = journal.replay().map(JournalEvent.Replay::atEpochMillis).orElse(endMillis);
        long createUsersMillis = journal.replay().map(JournalEvent.Replay::createUsersMillis)
                .orElse(endMillis - start.atEpochMillis());
        List<OperationStatistics> operations = new ArrayList<>();
        latencies.forEach((type, histogram) -> operations.add(statistics(type, histogram,
                type == OperationType.CREATE_USER ? createUsersMillis : endMillis - replayStartMillis)));
        long replayed = operations.stream().filter(operation -> operation.type() != OperationType.CREATE_USER)
                .mapToLong(OperationStatistics::count).sum();
        long cpuMillis = journal.lastPeriod().map(JournalEvent.Period::processCpuMillis).orElse(0L)
                - journal.replay().map(JournalEvent.Replay::processCpuMillis).orElse(0L);
        return new RunResult(start.setup(), start.engine(),
                new RunTiming(Instant.ofEpochMilli(start.atEpochMillis()).toString(), endMillis - start.atEpochMillis(),
                        journal.passesFinished(), null, "the process ended at " + Instant.ofEpochMilli(endMillis)
                        + " without final validation"),
                operations, errors(journal), List.of(), Map.of(),
                journal.lastPass().map(JournalEvent.Pass::objects).orElse(ObjectOutcomes.NONE),
                new CpuUsage(Math.max(0, cpuMillis), 0, replayed), null,
                Map.of("recoveredFrom", journal.file().getFileName().toString()), start.environment(), null, null, null,
                null, null);
    }

    /** An operation's figures from its latencies alone: the sum of latencies is the histogram's, to its precision. */
    private static OperationStatistics statistics(OperationType type, Histogram latencies, long wallClockMillis) {
        long count = latencies.getTotalCount();
        return OperationStatistics.merged(type, latencies, Math.round(latencies.getMean() * count), 0, Map.of(),
                wallClockMillis, wallClockMillis <= 0 ? 0 : count * 1000.0 / wallClockMillis, 0);
    }

    /** Every class, as a run writes them, with the counts of the last period journaled. */
    private static Map<ErrorClass, Long> errors(RunJournalReader.Journal journal) {
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        for (ErrorClass errorClass : ErrorClass.values()) {
            errors.put(errorClass, journal.lastPeriod().map(period -> period.errors().getOrDefault(errorClass, 0L))
                    .orElse(0L));
        }
        return errors;
    }
}
