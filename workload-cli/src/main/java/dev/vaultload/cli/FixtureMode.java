package dev.vaultload.cli;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunOutcome;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** {@code run --mode FIXTURE}: the SUITE's job (RandomActionsOnDatasafeTest by default), every combination, every read verified. */
final class FixtureMode {
    private final SuiteSession session;
    private final Suite suite;
    private final LiveProgress progress;
    private final PrintWriter err;
    private final Consumer<RunResult> recorder;

    /** @param recorder gets every combination's result (a shard adds it to its Datasafe-format log) */
    FixtureMode(SuiteSession session, Suite suite, LiveProgress progress, PrintWriter err, Consumer<RunResult> recorder) {
        this.session = session;
        this.suite = suite;
        this.progress = progress;
        this.err = err;
        this.recorder = recorder;
    }

    /** @return true when every combination passed */
    boolean run() {
        // every combination runs (no short circuit), each started only when it comes: a signal ends the stream
        return session.combinations().map(this::run).reduce(true, Boolean::logicalAnd);
    }

    private boolean run(Combination combination) {
        RunResult result = suite.run(session, combination,
                progress.listeners(combination.label(), plannedOperations(combination), Optional.empty()));
        recorder.accept(result);
        if (!result.passed()) {
            err.println(RunOutcome.describe(result));
            err.flush();
        }
        return result.passed();
    }

    /** CREATE_USER once per user, then every other operation once per thread; unknown (0) for a DURATION run. */
    private long plannedOperations(Combination combination) {
        if (session.config().duration().isPresent()) {
            return 0;
        }
        List<?> replayed = session.fixture().operations().stream()
                .filter(operation -> operation.type() != OperationType.CREATE_USER).toList();
        return session.fixture().users().size() + (long) combination.threads() * replayed.size();
    }
}
