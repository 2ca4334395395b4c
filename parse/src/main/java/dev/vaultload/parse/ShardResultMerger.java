package dev.vaultload.parse;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.Failure;
import dev.vaultload.report.MergeSummary;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.LifeGap;
import dev.vaultload.report.RunTiming;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.LatencyHistograms;
import dev.vaultload.stats.OperationStatistics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One combination's results from every contributing shard, added into one result as one process with all their
 * threads would have reported it: latency histograms added (percentiles come from the sum, never averaged), counts,
 * bytes, errors and latency sums added, rates added (the shards ran at once), threads added.
 */
final class ShardResultMerger {

    RunResult merge(List<RunResult> shards, MergeSummary summary) {
        RunResult first = shards.getFirst();
        RunSetup setup = first.setup();
        int threads = shards.stream().mapToInt(shard -> shard.setup().threads()).sum();
        return new RunResult(
                new RunSetup(setup.mode(), setup.suite(), setup.storage(), setup.storageDescription(), threads, setup.fileSizeKib(),
                        setup.fixture(), setup.fixtureOperations(), setup.errorMode(), setup.requestedDurationMillis(),
                        setup.warmupMillis(), setup.workerNice()),
                first.engineDescription(), timing(shards), operations(shards), errors(shards), failures(shards), failureGroups(shards),
                shards.stream().map(RunResult::objects).filter(Objects::nonNull).reduce(ObjectOutcomes.NONE, ObjectOutcomes::plus),
                cpu(shards), null, Map.of("shards", shards.size()), first.environment(), null, summary, null, null, null);
    }

    /**
     * From the first shard's start to the last one's end; the passes every shard completed; every restarted shard's
     * gaps, which the merged time charts mark (the other shards ran on through them).
     */
    private static RunTiming timing(List<RunResult> shards) {
        Instant start = shards.stream().map(shard -> Instant.parse(shard.timing().startedAt())).min(Instant::compareTo)
                .orElseThrow();
        long endMillis = shards.stream().mapToLong(shard -> Instant.parse(shard.timing().startedAt()).toEpochMilli()
                + shard.timing().wallClockMillis()).max().orElseThrow();
        int passes = shards.stream().mapToInt(shard -> shard.timing().passes()).min().orElseThrow();
        String interruptedBy = shards.stream().map(shard -> shard.timing().interruptedBy()).filter(Objects::nonNull)
                .findFirst().orElse(null);
        List<LifeGap> gaps = shards.stream().flatMap(shard -> shard.timing().gaps().stream())
                .sorted(Comparator.comparingLong(LifeGap::endedAtEpochMillis)).toList();
        return new RunTiming(start.toString(), endMillis - start.toEpochMilli(), passes, interruptedBy, null, gaps);
    }

    private static List<OperationStatistics> operations(List<RunResult> shards) {
        List<OperationStatistics> merged = new ArrayList<>();
        for (OperationType type : OperationType.values()) {
            List<OperationStatistics> ofType = shards.stream().flatMap(shard -> shard.operations().stream())
                    .filter(operation -> operation.type() == type).toList();
            if (ofType.isEmpty()) {
                continue;
            }
            Histogram latencies = LatencyHistograms.histogram();
            Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
            for (OperationStatistics shard : ofType) {
                latencies.add(shard.histogram());
                shard.errors().forEach((errorClass, count) -> errors.merge(errorClass, count, Long::sum));
            }
            merged.add(OperationStatistics.merged(type, latencies,
                    ofType.stream().mapToLong(OperationStatistics::sumLatencyMicros).sum(),
                    ofType.stream().mapToLong(OperationStatistics::transferredBytes).sum(), errors,
                    ofType.stream().mapToLong(OperationStatistics::wallClockMillis).max().orElse(0),
                    ofType.stream().mapToDouble(OperationStatistics::opsPerSecond).sum(),
                    ofType.stream().mapToDouble(OperationStatistics::mebibytesPerSecond).sum()));
        }
        return merged;
    }

    private static Map<ErrorClass, Long> errors(List<RunResult> shards) {
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        shards.forEach(shard -> shard.errors().forEach((errorClass, count) -> errors.merge(errorClass, count, Long::sum)));
        return errors;
    }

    private static List<Failure> failures(List<RunResult> shards) {
        return shards.stream().flatMap(shard -> shard.failures().stream()).limit(RunResult.MAX_FAILURES_KEPT).toList();
    }

    /** Summed per class and object prefix; shards from before failure groups carry none. */
    private static Map<String, Long> failureGroups(List<RunResult> shards) {
        Map<String, Long> groups = new TreeMap<>();
        shards.stream().map(RunResult::failureGroups).filter(Objects::nonNull)
                .forEach(ofShard -> ofShard.forEach((group, count) -> groups.merge(group, count, Long::sum)));
        return groups;
    }

    private static CpuUsage cpu(List<RunResult> shards) {
        return new CpuUsage(shards.stream().mapToLong(shard -> shard.cpu().processCpuMillis()).sum(),
                shards.stream().mapToLong(shard -> shard.cpu().workerCpuMillis()).sum(),
                shards.stream().mapToLong(shard -> shard.cpu().operations()).sum());
    }
}
