package dev.vaultload.run;

import dev.vaultload.report.RunResult;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.MultiBucketBlobStore;
import dev.vaultload.storage.StorageProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Datasafe's three suites, as the JUnit classes of the same names and {@code vaultload run}'s SUITE run them: one
 * definition of what each does with a combination, so that neither front door has a feature the other lacks.
 */
public enum Suite {
    /** The main job: the fixture on the provider's bucket through the engine's full API. */
    RandomActionsOnDatasafeTest(false),
    /** The engine through its simple adapter (private space, document calls): the private-space fixtures. */
    RandomActionsOnSimpleDatasafeAdapterTest(true),
    /** The main job spread over BUCKETS buckets, each user on one by a stable hash of its id. */
    RandomActionsOnMultiBucketTest(false);

    private final boolean privateOnly;

    Suite(boolean privateOnly) {
        this.privateOnly = privateOnly;
    }

    /** Whether the suite replays the private-space-only fixtures (its engine API has no inboxes). */
    public boolean privateOnly() {
        return privateOnly;
    }

    /** Runs one combination of the session, which was started for this suite, and writes its reports. */
    public RunResult run(SuiteSession session, Combination combination, List<IntervalListener> progress) {
        StorageProvider provider = session.provider(combination);
        return switch (this) {
            case RandomActionsOnDatasafeTest -> session.run(combination, provider.openBucket(provider.defaultBucket()),
                    store -> session.engine(combination, store), users -> Map.of(), progress);
            case RandomActionsOnSimpleDatasafeAdapterTest -> session.run(combination,
                    provider.openBucket(provider.defaultBucket()), store -> session.simpleEngine(combination, store),
                    users -> Map.of(), progress);
            case RandomActionsOnMultiBucketTest -> overBuckets(session, combination, provider, progress);
        };
    }

    /** BUCKETS buckets named after the provider's ({@code NAME-0}, {@code NAME-1}, ...); the report says whose is whose. */
    private static RunResult overBuckets(SuiteSession session, Combination combination, StorageProvider provider,
                                         List<IntervalListener> progress) {
        List<String> bucketNames = new ArrayList<>();
        List<BlobStore> buckets = new ArrayList<>();
        for (int index = 0; index < session.config().buckets(); index++) {
            String bucket = provider.defaultBucket() + "-" + index;
            bucketNames.add(bucket);
            buckets.add(provider.openBucket(bucket));
        }
        MultiBucketBlobStore store = new MultiBucketBlobStore(buckets);
        return session.run(combination, store, engineStore -> session.engine(combination, engineStore), users -> {
            Map<String, String> bucketOfUser = new TreeMap<>();
            for (String userId : users.fixtureUserIds()) {
                bucketOfUser.put(userId, bucketNames.get(store.bucketIndexOf(users.storeUserId(userId))));
            }
            return Map.of("buckets", bucketNames, "bucketOfUser", bucketOfUser);
        }, progress);
    }
}
