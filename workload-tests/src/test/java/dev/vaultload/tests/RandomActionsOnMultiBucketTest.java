package dev.vaultload.tests;

import dev.vaultload.run.Suite;

/**
 * The main job spread over BUCKETS buckets (default 3, named after the provider's bucket), each user on one
 * bucket by a stable hash of its id; the report says which bucket each user landed on. Enabled, as in
 * Datasafe, by ENABLE_MULTI_BUCKET_TEST=true.
 */
@EnabledIfMultiBucket
class RandomActionsOnMultiBucketTest extends RandomActionsSuite {

    RandomActionsOnMultiBucketTest() {
        super(Suite.RandomActionsOnMultiBucketTest);
    }
}
