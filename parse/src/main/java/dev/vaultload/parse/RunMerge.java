package dev.vaultload.parse;

import dev.vaultload.report.CsvReportWriter;
import dev.vaultload.report.DatasafeLogFile;
import dev.vaultload.report.JsonReportWriter;
import dev.vaultload.report.LifeGap;
import dev.vaultload.report.MergeSummary;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ShardRun;
import dev.vaultload.report.Thresholds;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.OperationStatistics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * {@code vaultload merge}: the shards of one run folder ({@code RUN_ID/shard-<i>/}) as one result per combination,
 * written as a single run writes it (JSON, CSV, .hlog, Datasafe-format {@value DatasafeLogFile#NAME}, report.html),
 * so parse, compare and charts read it unchanged. The JSON's {@code merge} says whether it is complete or
 * {@code partial} or {@code unsynchronized} (the shards replayed together for under 80% of the median shard's replay),
 * which shards contributed, each shard's ops/s and start lateness, stragglers, the overlap window and its figures;
 * its {@code thresholds}, the verdicts of those given, judged on the merged figures (the shards' own are left behind).
 */
public final class RunMerge {
    private final ShardResultMerger merger = new ShardResultMerger();
    private final Thresholds thresholds;

    /** A merge that judges no thresholds. */
    public RunMerge() {
        this(Thresholds.NONE);
    }

    /** @param thresholds judged on each merged combination's figures, their verdicts written with it */
    public RunMerge(Thresholds thresholds) {
        this.thresholds = thresholds;
    }

    /**
     * What came of a merge.
     *
     * @param summaries one per combination, in the order written
     * @param written   the files written
     */
    public record Outcome(List<MergeSummary> summaries, List<Path> written) {
        public boolean complete() {
            return accepted(false);
        }

        /**
         * @param unsynchronized whether an unsynchronized combination is accepted (knowingly: its throughput is over a
         *                       short overlap)
         * @return true when every combination is complete, or unsynchronized and accepted
         */
        public boolean accepted(boolean unsynchronized) {
            return !summaries.isEmpty() && summaries.stream().allMatch(summary -> MergeSummary.COMPLETE.equals(summary.status())
                    || unsynchronized && MergeSummary.UNSYNCHRONIZED.equals(summary.status()));
        }
    }

    /**
     * @throws IllegalArgumentException when the folder holds no shard results at all
     */
    public Outcome merge(Path runFolder, Path outFolder) throws IOException {
        List<ShardFolder> folders = ShardFolder.in(runFolder);
        Map<String, List<Shard>> byCombination = new TreeMap<>();
        Map<Integer, String> missing = new TreeMap<>();
        int shardCount = 0;
        for (ShardFolder folder : folders) {
            for (Path json : folder.jsonFiles()) {
                RunResult result = JsonResultReader.runResult(json);
                if (result.shard() == null) {
                    continue; // not a shard's run result (a RATE JSON, an earlier merge)
                }
                shardCount = Math.max(shardCount, result.shard().count());
                if (folder.passed()) {
                    byCombination.computeIfAbsent(combinationKey(result), key -> new ArrayList<>())
                            .add(new Shard(folder.index(), result, json));
                }
            }
            folder.problem().ifPresent(problem -> missing.put(folder.index(), problem));
        }
        if (shardCount == 0) {
            throw new IllegalArgumentException(runFolder + ": no shard results (RUN_ID/shard-<i>/*.json with a \"shard\")");
        }
        for (int index = 0; index < shardCount; index++) {
            missing.putIfAbsent(index, "no results: killed, failed before it wrote any, or still running");
        }
        folders.stream().filter(ShardFolder::passed).forEach(folder -> missing.remove(folder.index()));
        Files.createDirectories(outFolder);
        List<MergeSummary> summaries = new ArrayList<>();
        List<Path> written = new ArrayList<>();
        String runId = null;
        for (List<Shard> shards : byCombination.values()) {
            runId = shards.getFirst().result.shard().runId();
            Map<Integer, String> missingHere = new TreeMap<>(missing);
            for (int index = 0; index < shardCount; index++) {
                int shardIndex = index;
                if (shards.stream().noneMatch(shard -> shard.index == shardIndex)) {
                    missingHere.putIfAbsent(index, "no result for this combination");
                }
            }
            written.addAll(writeCombination(runId, shardCount, shards, missingHere, outFolder, summaries));
        }
        if (byCombination.isEmpty()) {
            summaries.add(new MergeSummary(runFolder.getFileName().toString(), MergeSummary.PARTIAL, shardCount, null,
                    List.of(), missing, List.of(), null, null));
        }
        written.add(new HtmlReport().write(outFolder));
        return new Outcome(summaries, written);
    }

    private List<Path> writeCombination(String runId, int shardCount, List<Shard> shards, Map<Integer, String> missing,
                                        Path outFolder, List<MergeSummary> summaries) {
        String name = ReportFiles.withThreads(ReportFiles.baseNameOf(shards.getFirst().json()),
                shards.stream().mapToInt(shard -> shard.result.setup().threads()).sum());
        List<LifeGap> gaps = shards.stream().flatMap(shard -> shard.gaps().stream()).toList();
        MergeSummary.Overlap overlap = MergeSummary.Overlap.of(
                shards.stream().mapToLong(shard -> shard.run().replayStartEpochMillis()).max().orElseThrow(),
                shards.stream().mapToLong(shard -> shard.run().replayEndEpochMillis()).min().orElseThrow(),
                medianReplayMillis(shards), gaps);
        Path hlog = outFolder.resolve(name + ".hlog");
        List<Path> logs = shards.stream().map(Shard::hlog).filter(Files::isRegularFile).toList();
        MergeSummary.SteadyWindow steady = null;
        if (!logs.isEmpty()) {
            long[] periodAndOrigin = periodAndOrigin(logs);
            steady = new IntervalLogUnion(periodAndOrigin[0], periodAndOrigin[1]).write(logs, hlog,
                    "merged from " + logs.size() + " shards of " + runId, overlap.startEpochMillis(), overlap.endEpochMillis(),
                    gaps);
        }
        MergeSummary summary = new MergeSummary(runId, MergeSummary.statusOf(missing.isEmpty(), overlap), shardCount,
                commonStart(shards), shards.stream().map(Shard::index).toList(), missing,
                shardFigures(shards), overlap, steady);
        RunResult merged = thresholds.judge(merger.merge(shards.stream().map(Shard::result).toList(), summary));
        Path json = outFolder.resolve(name + ".json");
        Path csv = outFolder.resolve(name + ".csv");
        new JsonReportWriter(json).write(merged);
        new CsvReportWriter(csv).write(merged);
        new DatasafeLogFile(outFolder.resolve(DatasafeLogFile.NAME), "merge").write(merged);
        summaries.add(summary);
        return logs.isEmpty() ? List.of(json, csv) : List.of(json, csv, hlog);
    }

    /** The shards' common start: a shard that resumed the combination after a restart did not come to its barrier. */
    private static String commonStart(List<Shard> shards) {
        return shards.stream().map(shard -> shard.run().startAt()).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /**
     * Each shard's ops/s over its replay, its lateness, whether it took much longer than the median shard (its gaps
     * left out: a restarted shard's replay spans them) and its gaps.
     */
    private static List<MergeSummary.Shard> shardFigures(List<Shard> shards) {
        long medianMillis = medianReplayMillis(shards);
        List<MergeSummary.Shard> figures = new ArrayList<>();
        for (Shard shard : shards) {
            List<OperationStatistics> replayed = shard.result.operations().stream()
                    .filter(operation -> operation.type() != OperationType.CREATE_USER).toList();
            long replayedCount = replayed.stream().mapToLong(OperationStatistics::count).sum();
            long phaseMillis = replayed.stream().mapToLong(OperationStatistics::wallClockMillis).max().orElse(0);
            figures.add(new MergeSummary.Shard(shard.index, phaseMillis == 0 ? 0 : replayedCount * 1000.0 / phaseMillis,
                    shard.run().startLatenessMillis(), shard.replayMillis(),
                    shard.replayMillis() > MergeSummary.Shard.STRAGGLER_FACTOR * medianMillis, shard.gaps(),
                    shard.run().restartsBeforeReplay()));
        }
        return figures;
    }

    private static long medianReplayMillis(List<Shard> shards) {
        long[] replayMillis = shards.stream().mapToLong(Shard::replayMillis).sorted().toArray();
        return replayMillis[replayMillis.length / 2];
    }

    /** The first log's period length and the earliest period start of all logs, each log's first line read. */
    private static long[] periodAndOrigin(List<Path> logs) {
        long periodMillis = 0;
        long originMillis = Long.MAX_VALUE;
        for (Path log : logs) {
            try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
                EncodableHistogram first = reader.nextIntervalHistogram();
                if (first != null) {
                    originMillis = Math.min(originMillis, first.getStartTimeStamp());
                    if (periodMillis == 0) {
                        periodMillis = Math.max(1, first.getEndTimeStamp() - first.getStartTimeStamp());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + log, e);
            }
        }
        return new long[] {Math.max(1, periodMillis), originMillis == Long.MAX_VALUE ? 0 : originMillis};
    }

    /** Shards whose results belong together: the same storage, engine, cipher, size and threads per shard. */
    private static String combinationKey(RunResult result) {
        return String.join("|", result.setup().storage(), String.valueOf(result.engineDescription().engine()),
                String.valueOf(result.engineDescription().cipher()), Integer.toString(result.setup().fileSizeKib()),
                Integer.toString(result.setup().threads()));
    }

    private record Shard(int index, RunResult result, Path json) {
        ShardRun run() {
            return result.shard();
        }

        Path hlog() {
            return ReportFiles.histogramLogBeside(json);
        }

        /** When this shard's process had died in the combination until a restart resumed it. */
        List<LifeGap> gaps() {
            return result.timing().gaps();
        }

        /** Its replay, the gaps in it left out. */
        long replayMillis() {
            return run().replayMillis() - LifeGap.unionMillis(gaps(), run().replayStartEpochMillis(),
                    run().replayEndEpochMillis());
        }
    }
}
