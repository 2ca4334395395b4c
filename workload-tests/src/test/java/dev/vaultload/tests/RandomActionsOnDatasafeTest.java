package dev.vaultload.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.suite.RunOutcome;
import dev.vaultload.suite.SuiteSession;
import dev.vaultload.storage.StorageProvider;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The main job: the fixture replayed by N threads on one bucket for every STORAGE_PROVIDERS x THREADS x
 * FILE_SIZES, every read verified, the statistics logged in Datasafe's format and written under
 * target/workload-reports/.
 */
class RandomActionsOnDatasafeTest {
    private static SuiteSession session;

    @BeforeAll
    static void start() {
        session = SuiteSession.start(RandomActionsOnDatasafeTest.class.getSimpleName(), false);
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
    void randomActions(Combination combination) {
        StorageProvider provider = session.provider(combination);
        RunResult result = session.run(combination, provider.openBucket(provider.defaultBucket()), session::vault,
                users -> Map.of());
        assertTrue(result.passed(), () -> RunOutcome.describe(result));
    }
}
