package dev.vaultload.cli;

import dev.vaultload.parse.JsonResultReader;
import dev.vaultload.parse.RunMerge;
import dev.vaultload.report.MergeSummary;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.report.ThresholdVerdict;
import dev.vaultload.report.Thresholds;
import dev.vaultload.scaleout.ResultsLocation;
import dev.vaultload.s3.provider.ResultsBucket;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.Directories;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code vaultload merge RESULTS_URL/RUN_ID}: the shards of a run as one result (see {@link RunMerge}). An s3:// run
 * is copied to a local folder first (RESULTS_S3_URL and the key pair reach it); exit status 1 when the result is
 * partial, or unsynchronized unless accepted, else 3 when a merged combination broke a threshold (THRESHOLDS,
 * THRESHOLDS_FILE, {@code --threshold}: judged on the merged figures, as a single run's on its own).
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge the shards of a run: RESULTS_URL/RUN_ID, a directory or s3://bucket/prefix/RUN_ID.",
                "Exit status: 0 complete, 1 partial (a shard missing, failed or without done) or unsynchronized (the"
                        + " shards replayed together for under 80%% of the median shard's replay), 2 bad input, 3 a"
                        + " merged combination broke a threshold (judged on the merged figures)."})
final class MergeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN", description = "RESULTS_URL/RUN_ID")
    private String run;

    @Option(names = "--out", description = "folder of the merged result (default RUN/merged for a directory,"
            + " ./RUN_ID-merged for s3://)")
    private Path out;

    @Option(names = "--accept-unsynchronized", description = "exit 0 although a combination's shards replayed together"
            + " for under 80%% of the median shard's replay (its throughput is over that short overlap)")
    private boolean acceptUnsynchronized;

    @Mixin
    private ThresholdOptions thresholdOptions;

    @Override
    public Integer call() throws IOException {
        Function<String, String> settings = thresholdOptions.addedTo(SettingsRegistry.system());
        Thresholds thresholds = Thresholds.read(settings); // a bad one is refused before anything is read
        ResultsLocation location = parse(run);
        boolean downloaded = location instanceof ResultsLocation.Bucket;
        Path runFolder = location instanceof ResultsLocation.Bucket bucket ? download(bucket) : Path.of(run);
        try {
            return merge(runFolder, downloaded, thresholds);
        } finally {
            if (downloaded) {
                Directories.deleteTree(runFolder.getParent()); // the temporary copy of the bucket's results
            }
        }
    }

    private int merge(Path runFolder, boolean downloaded, Thresholds thresholds) throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (!Files.isDirectory(runFolder)) {
            throw new IllegalArgumentException("no such run folder: " + run);
        }
        Path outFolder = out != null ? out : downloaded
                ? Path.of(runFolder.getFileName() + "-merged") : runFolder.resolve("merged");
        RunMerge.Outcome outcome = new RunMerge(thresholds).merge(runFolder, outFolder);
        boolean breached = false;
        for (Path file : outcome.written()) {
            if (file.toString().endsWith(".json")) {
                RunResult merged = JsonResultReader.runResult(file);
                print(merged, stdout);
                if (MergeSummary.UNSYNCHRONIZED.equals(merged.merge().status())) {
                    unsynchronized(merged);
                }
                if (merged.thresholdsBreached()) {
                    breached = true;
                    spec.commandLine().getErr().println(RunOutcome.brokenThresholds(merged));
                }
            }
        }
        MergeSummary.restartedShards(outcome.summaries()).forEach((index, gaps) -> stdout.println(
                MergeSummary.restartLine(index, gaps) + " (resumed from its journal; each gap marked and left out of its"
                        + " throughput and of the overlap)"));
        MergeSummary.restartedBeforeReplay(outcome.summaries()).forEach((index, restarts) -> stdout.println("shard "
                + index + " " + MergeSummary.restartsBeforeReplay(restarts) + " (started its combination over)"));
        outcome.written().forEach(file -> stdout.println("wrote " + file));
        for (MergeSummary summary : outcome.summaries()) {
            if (MergeSummary.PARTIAL.equals(summary.status())) {
                spec.commandLine().getErr().println("vaultload: merge of " + summary.runId() + " is partial: shards "
                        + summary.contributingShards() + " of " + summary.shardCount() + " contributed; missing "
                        + summary.missingShards());
            }
        }
        stdout.flush();
        spec.commandLine().getErr().flush();
        return ExitCodes.of(outcome.accepted(acceptUnsynchronized), breached);
    }

    private void unsynchronized(RunResult merged) {
        MergeSummary.Overlap overlap = merged.merge().overlap();
        spec.commandLine().getErr().printf(Locale.ROOT, "vaultload: merge of %s is unsynchronized%s: %s: its shards all"
                        + " replayed together for %.1f s, %.0f%% of the median shard's replay (%.1f s), below %.0f%%%n",
                merged.merge().runId(), acceptUnsynchronized ? " (accepted)" : "", merged.title(),
                overlap.windowMillis() / 1000.0, overlap.share() * 100, overlap.medianReplayMillis() / 1000.0,
                MergeSummary.Overlap.MIN_SHARE * 100);
    }

    private static void print(RunResult merged, PrintWriter out) {
        MergeSummary summary = merged.merge();
        out.printf(Locale.ROOT, "==== Merged %s: %s, %s, shards %s of %d, %d threads in all ====%n", summary.runId(),
                merged.title(), summary.status(), summary.contributingShards(), summary.shardCount(), merged.setup().threads());
        out.println("operation        count      ops/s     p50 ms     p99 ms   errors");
        for (OperationStatistics operation : merged.operations()) {
            out.printf(Locale.ROOT, "%-11s %10d %10.1f %10.3f %10.3f %8d%n", operation.type(), operation.count(),
                    operation.opsPerSecond(), operation.percentileMicros().get("50") / 1000.0,
                    operation.percentileMicros().get("99") / 1000.0, operation.errorCount());
        }
        MergeSummary.Overlap overlap = summary.overlap();
        out.printf(Locale.ROOT, "overlap (all shards replaying) %.1f s from %s: %.0f%% of the median shard's replay"
                        + " (%.1f s)%s%n", overlap.windowMillis() / 1000.0, Instant.ofEpochMilli(overlap.startEpochMillis()),
                overlap.share() * 100, overlap.medianReplayMillis() / 1000.0, overlap.synchronous() ? "" : ", UNSYNCHRONIZED");
        if (summary.steadyWindow() != null) {
            MergeSummary.SteadyWindow steady = summary.steadyWindow();
            out.println("throughput in the overlap (its whole periods):");
            steady.opsPerSecond().forEach((operation, opsPerSecond) -> out.printf(Locale.ROOT,
                    "  %-11s %10.1f ops/s  p50 %.3f ms  p99 %.3f ms%n", operation, opsPerSecond,
                    steady.percentileMicros().get(operation).get("50") / 1000.0,
                    steady.percentileMicros().get(operation).get("99") / 1000.0));
        }
        for (MergeSummary.Shard shard : summary.shards()) {
            out.printf(Locale.ROOT, "  shard %d: %.1f ops/s, replay %.1f s, started %d ms late%s%s%n", shard.index(),
                    shard.opsPerSecond(), shard.replayMillis() / 1000.0, shard.startLatenessMillis(),
                    shard.straggler() ? "  STRAGGLER" : "",
                    (shard.gaps().isEmpty() ? "" : ", " + MergeSummary.restarts(shard.gaps()) + " in it")
                    + (shard.restartsBeforeReplay().isEmpty() ? ""
                    : ", " + MergeSummary.restartsBeforeReplay(shard.restartsBeforeReplay())));
        }
        if (merged.thresholds() != null) {
            out.println("thresholds, judged on the merged figures:");
            merged.thresholds().stream().map(ThresholdVerdict::line).forEach(line -> out.println("  " + line));
        }
    }

    private static ResultsLocation parse(String run) {
        try {
            return ResultsLocation.parse(run);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid RUN='" + run + "': expected RESULTS_URL/RUN_ID, a directory or"
                    + " s3://bucket[/prefix]/RUN_ID", e);
        }
    }

    /** Copies s3://bucket/prefix/RUN_ID/ to a temporary folder named RUN_ID. */
    private static Path download(ResultsLocation.Bucket run) throws IOException {
        if (run.prefix().isEmpty()) {
            throw new IllegalArgumentException("Invalid RUN='" + run + "': expected s3://bucket[/prefix]/RUN_ID");
        }
        String bucket = run.bucket();
        String runKey = run.prefix() + "/";
        String url = run.toString();
        String runId = run.prefix().substring(run.prefix().lastIndexOf('/') + 1);
        Path folder = Files.createTempDirectory("vaultload-merge-").resolve(runId);
        try (ResultsBucket results = ResultsBucket.open(bucket, SettingsRegistry.system());
             BlobStore store = results.store();
             Stream<String> keys = store.list(runKey)) {
            List<String> all = keys.toList();
            if (all.isEmpty()) {
                throw new IllegalArgumentException("no results under " + url);
            }
            for (String key : all) {
                Path target = folder.resolve(key.substring(runKey.length()));
                Files.createDirectories(target.getParent());
                try (InputStream in = store.get(key)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return folder;
    }
}
