package dev.vaultload.tests;

import dev.vaultload.run.Combination;
import dev.vaultload.storage.StorageProvider;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The main job through each engine's simple adapter (ours: SimpleVault, the analog of Datasafe's SimpleDatasafeService), with the
 * private-space-only fixtures (no SHARE, no inbox).
 */
class RandomActionsOnSimpleDatasafeAdapterTest extends RandomActionsSuite {

    RandomActionsOnSimpleDatasafeAdapterTest() {
        super(true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("combinations")
    void randomActionsThroughTheSimpleAdapter(Combination combination) {
        StorageProvider provider = session.provider(combination);
        assertPassed(session.run(combination, provider.openBucket(provider.defaultBucket()), store -> session.simpleEngine(combination, store), users -> Map.of()));
    }
}
