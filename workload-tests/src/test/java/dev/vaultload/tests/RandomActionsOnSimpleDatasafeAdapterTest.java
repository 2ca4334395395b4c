package dev.vaultload.tests;

import dev.vaultload.run.Combination;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.suite.SimpleVaultWorkload;
import dev.vaultload.vault.SimpleVault;
import dev.vaultload.vault.Vault;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The main job through {@link SimpleVault}, the analog of Datasafe's simple adapter, with the
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
        assertPassed(session.run(combination, provider.openBucket(provider.defaultBucket()), store -> {
            Vault vault = session.vault(store);
            return new SimpleVaultWorkload(new SimpleVault(vault), vault.settings());
        }, users -> Map.of()));
    }
}
