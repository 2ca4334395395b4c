package dev.vaultload.scaleout;

import dev.vaultload.storage.BlobStore;
import java.util.Optional;

/**
 * Which Kubernetes Job runs a RUN_ID ({@link ShardSettings#JOB_UID}), kept in the run's folder of the results store
 * as {@code RUN_ID/job} by the first shard that starts: so that a pod can tell a replacement within its own Job (whose
 * shard's traces are its own Job's) from a Job started again with a RUN_ID already used.
 */
public final class JobClaim {
    static final String KEY = "job";

    private JobClaim() {
    }

    /**
     * Claims the run for {@code jobUid}, unless its Job has claimed it already.
     *
     * @param runKey the run's folder in {@code store}, {@code [prefix/]RUN_ID/}
     * @return whether this Job had claimed the run before: a shard of it started earlier
     * @throws IllegalArgumentException when another Job claimed it
     */
    public static boolean claim(BlobStore store, String runKey, String jobUid) {
        String key = runKey + KEY;
        Optional<String> claimed = TextObjects.read(store, key);
        if (claimed.isEmpty()) {
            TextObjects.write(store, key, jobUid);
            return false;
        }
        if (!claimed.get().equals(jobUid)) {
            throw new IllegalArgumentException("RUN_ID was run by another Kubernetes Job (its uid is in "
                    + store.locate(key) + "): choose a new RUN_ID");
        }
        return true;
    }
}
