package dev.vaultload.tests;

import dev.vaultload.run.Combination;
import dev.vaultload.storage.StorageProvider;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The main job: the fixture replayed by N threads on one bucket for every STORAGE_PROVIDERS x THREADS x
 * FILE_SIZES, every read verified, the statistics logged in Datasafe's format and written under
 * target/workload-reports/.
 */
class RandomActionsOnDatasafeTest extends RandomActionsSuite {

    RandomActionsOnDatasafeTest() {
        super(false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("combinations")
    void randomActions(Combination combination) {
        StorageProvider provider = session.provider(combination);
        assertPassed(session.run(combination, provider.openBucket(provider.defaultBucket()), store -> session.engine(combination, store),
                users -> Map.of()));
    }
}
