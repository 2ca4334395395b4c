package dev.vaultload.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.suite.RunOutcome;
import dev.vaultload.suite.SimpleVaultWorkload;
import dev.vaultload.suite.SuiteSession;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.vault.SimpleVault;
import dev.vaultload.vault.Vault;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The main job through {@link SimpleVault}, the analog of Datasafe's simple adapter, with the
 * private-space-only fixtures (no SHARE, no inbox).
 */
class RandomActionsOnSimpleDatasafeAdapterTest {
    private static SuiteSession session;

    @BeforeAll
    static void start() {
        session = SuiteSession.start(RandomActionsOnSimpleDatasafeAdapterTest.class.getSimpleName(), true);
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
    void randomActionsThroughTheSimpleAdapter(Combination combination) {
        StorageProvider provider = session.provider(combination);
        RunResult result = session.run(combination, provider.openBucket(provider.defaultBucket()), store -> {
            Vault vault = session.vault(store);
            return new SimpleVaultWorkload(new SimpleVault(vault), vault.settings());
        }, users -> Map.of());
        assertTrue(result.passed(), () -> RunOutcome.describe(result));
    }
}
