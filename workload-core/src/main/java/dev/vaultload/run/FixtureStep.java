package dev.vaultload.run;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** An operation with its position in the fixture (0-based), so that a failure can say which step of the file failed. */
record FixtureStep(int fixtureIndex, Operation operation) {

    /** The steps a pass replays and times: every operation but CREATE_USER and the preparation WRITEs, in fixture order. */
    static List<FixtureStep> replayed(Fixture fixture) {
        return steps(fixture, false);
    }

    /** The preparation WRITEs of an imported fixture, which a pass runs untimed before it replays the rest. */
    static List<FixtureStep> preparations(Fixture fixture) {
        return steps(fixture, true);
    }

    private static List<FixtureStep> steps(Fixture fixture, boolean preparation) {
        List<FixtureStep> steps = new ArrayList<>();
        List<Operation> operations = fixture.operations();
        for (int index = 0; index < operations.size(); index++) {
            Operation operation = operations.get(index);
            if (operation.type() != OperationType.CREATE_USER && operation.preparation() == preparation) {
                steps.add(new FixtureStep(index, operation));
            }
        }
        return List.copyOf(steps);
    }

    /**
     * One execution's lane: the steps in order, closed loop, every location under the execution's own prefix, so that
     * its expectations stay exact while other executions act on the same users.
     */
    static Lane lane(List<FixtureStep> steps, String locationPrefix, TimedOperation timed) {
        Iterator<FixtureStep> next = steps.iterator();
        return Lane.of(timed, () -> {
            if (!next.hasNext()) {
                return null;
            }
            FixtureStep step = next.next();
            return Slot.whenReady(step.operation(), locationPrefix, step.fixtureIndex());
        });
    }

    /** The fixture's CREATE_USER of {@code userId}. */
    static FixtureStep creation(Fixture fixture, String userId) {
        Operation.CreateUser creation = new Operation.CreateUser(userId);
        return new FixtureStep(fixture.operations().indexOf(creation), creation);
    }
}
