package dev.vaultload.run;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.JournalEvent;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import java.util.List;
import java.util.Optional;

/** FIXTURE: the SUITE's job (RandomActionsOnDatasafeTest by default), every combination, every read verified. */
public final class FixtureMode implements Mode {
    private final Suite suite;

    public FixtureMode(Suite suite) {
        this.suite = suite;
    }

    @Override
    public RunMode mode() {
        return RunMode.FIXTURE;
    }

    /** The suite whose job runs: reports name it, so the parse module groups them with the JUnit suite's results. */
    public Suite suite() {
        return suite;
    }

    @Override
    public boolean run(ModeContext context) {
        // every combination runs (no short circuit), each started only when it comes: a signal ends the stream
        return context.session().combinations().map(combination -> run(context, combination))
                .reduce(true, Boolean::logicalAnd);
    }

    private boolean run(ModeContext context, Combination combination) {
        SuiteSession session = context.session();
        Optional<JournalEvent.End> earlier = session.finishedInEarlierLife(combination);
        if (earlier.isPresent()) {
            JournalEvent.End end = earlier.get();
            context.console().out().println(combination.label() + ": taken from an earlier life of this "
                    + (session.shard().count() > 1 ? "shard" : "run") + " (" + (!end.passed() ? "failed"
                    : end.thresholdsBreached() ? "passed, thresholds broken" : "passed") + "; its result is in "
                    + session.config().reportDirectory() + "), not run again");
            context.console().out().flush();
            return end.passed();
        }
        RunResult result = suite.run(session, combination, context.console().progress().listeners(combination.label(),
                plannedOperations(session, combination), Optional.empty()));
        context.judged(result);
        if (!result.passed()) {
            context.console().err().println(RunOutcome.describe(result));
            context.console().err().flush();
        }
        return result.passed();
    }

    /** CREATE_USER once per user, then every other operation once per thread; unknown (0) for a DURATION run. */
    private static long plannedOperations(SuiteSession session, Combination combination) {
        if (session.config().duration().isPresent()) {
            return 0;
        }
        List<?> replayed = session.fixture().operations().stream()
                .filter(operation -> operation.type() != OperationType.CREATE_USER).toList();
        return session.fixture().users().size() + (long) combination.threads() * replayed.size();
    }
}
