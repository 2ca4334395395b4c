package dev.vaultload.tests;

import dev.vaultload.run.Combination;
import dev.vaultload.run.UserDirectory;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.MultiBucketBlobStore;
import dev.vaultload.storage.StorageProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The main job spread over BUCKETS buckets (default 3, named after the provider's bucket), each user on one
 * bucket by a stable hash of its id; the report says which bucket each user landed on. Enabled, as in
 * Datasafe, by ENABLE_MULTI_BUCKET_TEST=true.
 */
@EnabledIfMultiBucket
class RandomActionsOnMultiBucketTest extends RandomActionsSuite {
    private static final Logger LOG = LoggerFactory.getLogger(RandomActionsOnMultiBucketTest.class);

    RandomActionsOnMultiBucketTest() {
        super(false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("combinations")
    void randomActionsOverBuckets(Combination combination) {
        StorageProvider provider = session.provider(combination);
        List<String> bucketNames = new ArrayList<>();
        List<BlobStore> buckets = new ArrayList<>();
        for (int index = 0; index < session.config().buckets(); index++) {
            String bucket = provider.defaultBucket() + "-" + index;
            bucketNames.add(bucket);
            buckets.add(provider.openBucket(bucket));
        }
        MultiBucketBlobStore store = new MultiBucketBlobStore(buckets);

        assertPassed(session.run(combination, store, engineStore -> session.engine(combination, engineStore), users -> bucketOfEachUser(users, store, bucketNames)));
    }

    private static Map<String, Object> bucketOfEachUser(UserDirectory users, MultiBucketBlobStore store,
                                                        List<String> bucketNames) {
        Map<String, String> bucketOfUser = new TreeMap<>();
        for (String userId : users.fixtureUserIds()) {
            bucketOfUser.put(userId, bucketNames.get(store.bucketIndexOf(users.storeUserId(userId))));
        }
        LOG.info("bucket of each user: {}", bucketOfUser);
        return Map.of("buckets", bucketNames, "bucketOfUser", bucketOfUser);
    }
}
