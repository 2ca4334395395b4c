package dev.vaultload.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunTrends;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the three suites share: the session is started (configuration checked, fixture loaded, providers
 * started) before the first combination and closed after the last, and each combination is run as the
 * {@link Suite} of the same name runs it, which is also what {@code vaultload run --suite} runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RandomActionsSuite {
    private static final Logger LOG = LoggerFactory.getLogger(RandomActionsSuite.class);
    private final Suite suite;
    private SuiteSession session;

    protected RandomActionsSuite(Suite suite) {
        this.suite = suite;
    }

    @BeforeAll
    void start() {
        session = SuiteSession.start(suite.name(), suite.privateOnly());
    }

    /** The page of the results folder, as {@code vaultload run} writes it (REPORT_FORMATS with HTML, the default). */
    @AfterAll
    void stop() {
        if (session != null) {
            try (SuiteSession ending = session) {
                ending.writeReportPage(RunTrends.NONE).ifPresent(page -> LOG.info("wrote {}", page));
            }
        }
    }

    Stream<Combination> combinations() {
        return session.combinations();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("combinations")
    void randomActions(Combination combination) {
        RunResult result = suite.run(session, combination, List.of());
        assertTrue(result.passed(), () -> RunOutcome.describe(result));
        assertFalse(result.thresholdsBreached(), () -> RunOutcome.brokenThresholds(result));
    }
}
