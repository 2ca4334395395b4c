package dev.vaultload.run;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import java.util.ArrayList;
import java.util.List;

/** An operation with its position in the fixture (0-based), so that a failure can say which step of the file failed. */
record FixtureStep(int fixtureIndex, Operation operation) {

    /** The steps a pass replays: every operation but CREATE_USER, in fixture order. */
    static List<FixtureStep> replayed(Fixture fixture) {
        List<FixtureStep> steps = new ArrayList<>();
        List<Operation> operations = fixture.operations();
        for (int index = 0; index < operations.size(); index++) {
            if (operations.get(index).type() != OperationType.CREATE_USER) {
                steps.add(new FixtureStep(index, operations.get(index)));
            }
        }
        return List.copyOf(steps);
    }

    /** The fixture's CREATE_USER of {@code userId}. */
    static FixtureStep creation(Fixture fixture, String userId) {
        Operation.CreateUser creation = new Operation.CreateUser(userId);
        return new FixtureStep(fixture.operations().indexOf(creation), creation);
    }
}
