package dev.vaultload.cli;

import dev.vaultload.report.DatasafeLogFile;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.ShardResults;
import dev.vaultload.run.ClockSkewCheck;
import dev.vaultload.run.RunSettings;
import dev.vaultload.run.ShardPlan;
import dev.vaultload.run.ShardSettings;
import dev.vaultload.s3.provider.ResultsBucket;
import dev.vaultload.storage.FileSystemBlobStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;

/**
 * A shard's results on their way to RESULTS_URL: the run writes them into the shard's own local folder (under
 * RESULTS_URL itself when that is a directory, else under REPORT_DIR), and {@link #finish} copies them to an s3://
 * results bucket and writes {@code done} last. Before the run, {@link #open} refuses a RUN_ID that already has this
 * shard's results and, on S3, a clock that differs from the results store's by more than CLOCK_SKEW_LIMIT.
 */
final class ShardPublishing implements AutoCloseable {
    private final ShardResults results;
    private final Path localFolder;
    private final boolean upload;
    private final ResultsBucket bucket;
    private final String thread;

    private ShardPublishing(ShardResults results, Path localFolder, boolean upload, ResultsBucket bucket, String thread) {
        this.results = results;
        this.localFolder = localFolder;
        this.upload = upload;
        this.bucket = bucket;
        this.thread = thread;
    }

    /** The settings with REPORT_DIR set to the shard's local folder when RESULTS_URL is set. */
    static Function<String, String> withShardFolder(Function<String, String> settings, ShardPlan shard) {
        Optional<String> url = ShardSettings.RESULTS_URL.find(settings);
        if (url.isEmpty()) {
            return settings;
        }
        Path base = isS3(url.get()) ? RunSettings.REPORT_DIR.read(settings) : Path.of(url.get());
        String folder = base.resolve(shard.runId().orElseThrow()).resolve("shard-" + shard.index()).toString();
        return name -> name.equals(RunSettings.REPORT_DIR.name()) ? folder : settings.apply(name);
    }

    /**
     * Opens the results store of RESULTS_URL, if set, and checks it before anything runs.
     *
     * @param localFolder the REPORT_DIR {@link #withShardFolder} gave the run
     */
    static Optional<ShardPublishing> open(Function<String, String> settings, ShardPlan shard, Path localFolder) {
        Optional<String> url = ShardSettings.RESULTS_URL.find(settings);
        if (url.isEmpty()) {
            return Optional.empty();
        }
        String runId = shard.runId().orElseThrow();
        String thread = "shard-" + shard.index();
        if (!isS3(url.get())) {
            Path root = Path.of(url.get());
            ShardResults results = new ShardResults(new FileSystemBlobStore(root),
                    ShardResults.folderKey("", runId, shard.index()), localFolder.toString());
            results.refuseIfPresent();
            return Optional.of(new ShardPublishing(results, localFolder, false, null, thread));
        }
        String withoutScheme = url.get().substring("s3://".length());
        int slash = withoutScheme.indexOf('/');
        String bucketName = slash < 0 ? withoutScheme : withoutScheme.substring(0, slash);
        String prefix = slash < 0 ? "" : withoutScheme.substring(slash + 1).replaceAll("/+$", "");
        String folderKey = ShardResults.folderKey(prefix.isEmpty() ? "" : prefix + "/", runId, shard.index());
        ResultsBucket bucket = ResultsBucket.open(bucketName, settings);
        try {
            new ClockSkewCheck(Clock.systemUTC(), ShardSettings.CLOCK_SKEW_LIMIT.read(settings))
                    .check(bucket::serverDate, "s3://" + bucketName);
            ShardResults results = new ShardResults(bucket.store(), folderKey, "s3://" + bucketName + "/" + folderKey);
            results.refuseIfPresent();
            if (localFolder.toFile().exists() && localFolder.toFile().list().length > 0) {
                throw new IllegalArgumentException("RUN_ID already has results for this shard in " + localFolder
                        + " (REPORT_DIR): choose a new RUN_ID");
            }
            return Optional.of(new ShardPublishing(results, localFolder, true, bucket, thread));
        } catch (RuntimeException e) {
            bucket.close();
            throw e;
        }
    }

    /** Adds a combination's Datasafe-format statistics to the shard's {@value DatasafeLogFile#NAME}. */
    void record(RunResult result) {
        new DatasafeLogFile(localFolder.resolve(DatasafeLogFile.NAME), thread).write(result);
    }

    /** @param outcome {@code passed}, {@code failed} or {@code interrupted}: what {@code done} says */
    void finish(String outcome) {
        if (upload) {
            results.upload(localFolder);
        }
        results.markDone(outcome);
    }

    @Override
    public void close() {
        if (bucket != null) {
            bucket.close();
        }
    }

    private static boolean isS3(String url) {
        return url.startsWith("s3://");
    }
}
