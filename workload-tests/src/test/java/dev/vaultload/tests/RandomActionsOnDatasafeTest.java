package dev.vaultload.tests;

import dev.vaultload.run.Suite;

/**
 * The main job: the fixture replayed by N threads on one bucket for every STORAGE_PROVIDERS x THREADS x
 * FILE_SIZES, every read verified, the statistics logged in Datasafe's format and written under
 * target/workload-reports/.
 */
class RandomActionsOnDatasafeTest extends RandomActionsSuite {

    RandomActionsOnDatasafeTest() {
        super(Suite.RandomActionsOnDatasafeTest);
    }
}
