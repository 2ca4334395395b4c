package dev.vaultload.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.suite.RunOutcome;
import dev.vaultload.suite.SuiteSession;
import dev.vaultload.run.UserDirectory;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.MultiBucketBlobStore;
import dev.vaultload.storage.StorageProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The main job spread over BUCKETS buckets (default 3, named after the provider's bucket), each user on one
 * bucket by a stable hash of its id; the report says which bucket each user landed on. Enabled, as in
 * Datasafe, by ENABLE_MULTI_BUCKET_TEST=true.
 */
@EnabledIfMultiBucket
class RandomActionsOnMultiBucketTest {
    private static SuiteSession session;

    @BeforeAll
    static void start() {
        session = SuiteSession.start(RandomActionsOnMultiBucketTest.class.getSimpleName(), false);
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.close();
        }
    }

    static Stream<Combination> combinations() {
        return session.combinations();
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

        RunResult result = session.run(combination, store, session::vault,
                users -> bucketOfEachUser(users, store, bucketNames));

        assertTrue(result.passed(), () -> RunOutcome.describe(result));
    }

    private static Map<String, Object> bucketOfEachUser(UserDirectory users, MultiBucketBlobStore store,
                                                        List<String> bucketNames) {
        Map<String, String> bucketOfUser = new TreeMap<>();
        for (String userId : users.fixtureUserIds()) {
            bucketOfUser.put(userId, bucketNames.get(store.bucketIndexOf(users.storeUserId(userId))));
        }
        return Map.of("buckets", bucketNames, "bucketOfUser", bucketOfUser);
    }
}
