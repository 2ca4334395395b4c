package dev.vaultload.run.load;

import dev.vaultload.fixture.Operation;
import java.util.List;

/**
 * The fixture's operations in order, again and again, each pass under a fresh prefix: every prefix of the
 * fixture is a valid history, so each READ and LIST keeps an exact expectation however many operations a
 * thread is asked for.
 */
final class FixtureCycle implements OperationSequence {
    private final List<Operation> operations;
    private final String threadPrefix;
    private int index;
    private int pass;

    /** @param operations the fixture without its CREATE_USERs (the users exist before the load starts) */
    FixtureCycle(List<Operation> operations, String threadPrefix) {
        if (operations.isEmpty()) {
            throw new IllegalArgumentException("the fixture has no operation besides CREATE_USER");
        }
        this.operations = operations;
        this.threadPrefix = threadPrefix;
    }

    @Override
    public PlannedOperation next() {
        if (index == operations.size()) {
            index = 0;
            pass++;
        }
        return new PlannedOperation(operations.get(index++), threadPrefix + "p" + pass + "/");
    }
}
