package dev.vaultload.cli;

import dev.vaultload.run.RunSettings;
import dev.vaultload.s3.provider.ResultsBucket;
import dev.vaultload.scaleout.ClockSkewCheck;
import dev.vaultload.scaleout.JobClaim;
import dev.vaultload.run.Interruption;
import dev.vaultload.scaleout.ResultsLocation;
import dev.vaultload.scaleout.ShardBarrier;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.scaleout.ShardResults;
import dev.vaultload.scaleout.ShardSettings;
import dev.vaultload.scaleout.ShardStart;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.FileSystemBlobStore;
import dev.vaultload.report.RunJournal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;

/**
 * A shard's results on their way to RESULTS_URL: the run writes them into the shard's own local folder (under
 * RESULTS_URL itself when that is a directory, else under REPORT_DIR), and {@link #finish} copies them to an s3://
 * results bucket and writes {@code done} last. Before the run, {@link #open} refuses a RUN_ID that already has this
 * shard's results and, on S3, a clock that differs from the results store's by more than CLOCK_SKEW_LIMIT. The
 * shards also meet in the results store before each combination ({@link #start}). A shard whose local folder holds a
 * run journal is a restart of a dead one (Slurm's requeue, a Job's pod restarted), which resumes: only a shard that
 * has ended ({@code done}) is refused then, and its barriers are not refused as used. In a Kubernetes Job (JOB_UID),
 * a shard that finds its own Job's traces of it in the results store but no journal is a pod that replaces a lost
 * one, its journal gone with the old pod's emptyDir: it cannot resume, and ends at once ({@link #endLostLife}), so
 * that the Job goes on with the other shards instead of restarting a refused container until it fails.
 */
final class ShardPublishing implements AutoCloseable {
    /** What {@code done} says of a shard whose earlier life cannot be resumed here, for the merge to name. */
    static final String LOST = "lost: its earlier life ran on a pod since replaced, whose run journal went with it,"
            + " so it was not resumed";

    private final ShardResults results;
    private final BlobStore store;
    private final String runKey;
    private final Path localFolder;
    private final boolean upload;
    private final ResultsBucket bucket;
    private final boolean restarted;
    private final boolean lostLife;

    /** @param runKey the run's folder in {@code store}, {@code [prefix/]RUN_ID/} */
    private ShardPublishing(ShardResults results, BlobStore store, String runKey, Path localFolder, boolean upload,
                            ResultsBucket bucket, boolean restarted, boolean lostLife) {
        this.results = results;
        this.store = store;
        this.runKey = runKey;
        this.localFolder = localFolder;
        this.upload = upload;
        this.bucket = bucket;
        this.restarted = restarted;
        this.lostLife = lostLife;
    }

    /** The settings with REPORT_DIR set to the shard's local folder when RESULTS_URL is set. */
    static Function<String, String> withShardFolder(Function<String, String> settings, ShardPlan shard) {
        Optional<ResultsLocation> location = ShardSettings.RESULTS_URL.find(settings);
        if (location.isEmpty()) {
            return settings;
        }
        // a bucket's results are written under REPORT_DIR first, then uploaded by finish
        ResultsLocation local = location.get() instanceof ResultsLocation.Directory directory ? directory
                : new ResultsLocation.Directory(RunSettings.REPORT_DIR.read(settings));
        String folder = local.shardFolder(shard.runId().orElseThrow(), shard.index());
        return name -> name.equals(RunSettings.REPORT_DIR.name()) ? folder : settings.apply(name);
    }

    /**
     * Opens the results store of RESULTS_URL, if set, and checks it before anything runs.
     *
     * @param localFolder the REPORT_DIR {@link #withShardFolder} gave the run
     */
    static Optional<ShardPublishing> open(Function<String, String> settings, ShardPlan shard, Path localFolder) {
        Optional<ResultsLocation> location = ShardSettings.RESULTS_URL.find(settings);
        if (location.isEmpty()) {
            return Optional.empty();
        }
        String runId = shard.runId().orElseThrow();
        boolean restarted = holdsJournal(localFolder);
        if (location.get() instanceof ResultsLocation.Directory directory) {
            FileSystemBlobStore store = new FileSystemBlobStore(directory.path());
            ShardResults results = new ShardResults(store, ShardResults.folderKey("", runId, shard.index()),
                    localFolder.toString());
            String runKey = ShardResults.runKey("", runId);
            boolean lostLife = lostLifeElseRefuseRerun(settings, shard, results, store, runKey, restarted);
            return Optional.of(new ShardPublishing(results, store, runKey, localFolder, false, null, restarted,
                    lostLife));
        }
        ResultsLocation.Bucket results = (ResultsLocation.Bucket) location.get();
        ResultsBucket bucket = ResultsBucket.open(results.bucket(), settings);
        try {
            new ClockSkewCheck(Clock.systemUTC(), ShardSettings.CLOCK_SKEW_LIMIT.read(settings))
                    .check(bucket::serverDate, ResultsLocation.S3_SCHEME + results.bucket());
            BlobStore store = bucket.store();
            ShardResults shardResults = new ShardResults(store, results.shardKey(runId, shard.index()),
                    results.shardFolder(runId, shard.index()));
            String runKey = ShardResults.runKey(results.keyOf(""), runId);
            boolean lostLife = lostLifeElseRefuseRerun(settings, shard, shardResults, store, runKey, restarted);
            if (!restarted && localFolder.toFile().exists() && localFolder.toFile().list().length > 0) {
                throw new IllegalArgumentException("RUN_ID already has results for this shard in " + localFolder
                        + " (REPORT_DIR): choose a new RUN_ID");
            }
            return Optional.of(new ShardPublishing(shardResults, store, runKey, localFolder, true, bucket, restarted,
                    lostLife));
        } catch (RuntimeException e) {
            bucket.close();
            throw e;
        }
    }

    /**
     * Whether this shard is a pod of the run's own Job (JOB_UID, claimed here for the Job when no shard has yet) that
     * replaces a lost one: a life of the shard ran elsewhere (it published, or came to a barrier) and left no journal
     * here. Any other shard must be a new one or a restart ({@link #refuseRerun}).
     *
     * @throws IllegalArgumentException when another Job ran this RUN_ID, or the shard is refused as a rerun
     */
    private static boolean lostLifeElseRefuseRerun(Function<String, String> settings, ShardPlan shard,
                                                   ShardResults results, BlobStore store, String runKey,
                                                   boolean restarted) {
        boolean claimedBefore = ShardSettings.JOB_UID.find(settings).filter(uid -> !uid.isBlank())
                .map(uid -> JobClaim.claim(store, runKey, uid)).orElse(false);
        if (claimedBefore && !restarted
                && (results.holdsAnything() || ShardBarrier.readyOf(store, runKey, shard.index()).isPresent())) {
            return true;
        }
        refuseRerun(results, restarted);
        return false;
    }

    /** Whether this shard cannot resume its earlier life and is to end at once ({@link #endLostLife}) instead of run. */
    boolean lostLife() {
        return lostLife;
    }

    /**
     * Ends a shard whose earlier life is lost: as {@link #LOST} in {@code done}, which the merge names, unless that
     * life had ended it already.
     *
     * @return what happened, for the console
     */
    String endLostLife() {
        if (results.isDone()) {
            return "its earlier life, on a pod since replaced, had ended it (done): nothing to run";
        }
        results.markDone(LOST);
        return LOST + "; its done says so, for the merge";
    }

    /** A restarted shard resumes into what its dead life left; a new one must find nothing of this RUN_ID's shard. */
    private static void refuseRerun(ShardResults results, boolean restarted) {
        if (restarted) {
            results.refuseIfDone();
        } else {
            results.refuseIfPresent();
        }
    }

    /** Whether the shard's local folder holds a run journal: a life of this shard ran before and died or ended. */
    private static boolean holdsJournal(Path localFolder) {
        return Files.isDirectory(localFolder) && !RunJournal.filesIn(localFolder).isEmpty();
    }

    /**
     * With more than one shard, a {@link ShardBarrier} in the results store before every combination.
     *
     * @throws IllegalArgumentException when this shard of the RUN_ID has been at a barrier before and is no restart
     */
    ShardStart start(ShardPlan shard, Function<String, String> settings) {
        if (shard.count() == 1) {
            return ShardStart.startAtOnly(shard);
        }
        ShardBarrier barrier = new ShardBarrier(store, runKey, shard, ShardSettings.BARRIER_TIMEOUT.read(settings),
                Clock.systemUTC(), Interruption::requested);
        if (!restarted) {
            barrier.refuseIfUsed();
        }
        return barrier;
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
}
