package dev.vaultload.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.SuiteSession;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * What the three suites share: the session is started (configuration checked, fixture loaded, providers
 * started) before the first combination and closed after the last; {@code combinations()} feeds the
 * parameterized test of each suite.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RandomActionsSuite {
    private final boolean privateOnly;
    protected SuiteSession session;

    /** @param privateOnly run the private-space-only fixtures (for engines without inboxes) */
    protected RandomActionsSuite(boolean privateOnly) {
        this.privateOnly = privateOnly;
    }

    @BeforeAll
    void start() {
        session = SuiteSession.start(getClass().getSimpleName(), privateOnly);
    }

    @AfterAll
    void stop() {
        if (session != null) {
            session.close();
        }
    }

    Stream<Combination> combinations() {
        return session.combinations();
    }

    static void assertPassed(RunResult result) {
        assertTrue(result.passed(), () -> RunOutcome.describe(result));
    }
}
