package dev.vaultload.run.load;

import dev.vaultload.fixture.Operation;
import java.util.List;
import java.util.function.Consumer;

/**
 * The fixture's operations in order, again and again, each pass under a fresh prefix: every prefix of the
 * fixture is a valid history, so each READ and LIST keeps an exact expectation however many operations a
 * thread is asked for. An imported fixture's preparation WRITEs are not handed out: each pass runs them first,
 * untimed, as FIXTURE and TRACE do, so they never enter the statistics.
 */
final class FixtureCycle implements OperationSequence {
    private final List<Operation> preparations;
    private final List<Operation> operations;
    private final String threadPrefix;
    private final Consumer<PlannedOperation> untimed;
    private int index;
    private int pass = -1;

    /**
     * @param operations the fixture without its CREATE_USERs (the users exist before the load starts)
     * @param untimed    runs a preparation WRITE without recording it
     */
    FixtureCycle(List<Operation> operations, String threadPrefix, Consumer<PlannedOperation> untimed) {
        this.preparations = operations.stream().filter(Operation::preparation).toList();
        this.operations = operations.stream().filter(operation -> !operation.preparation()).toList();
        if (this.operations.isEmpty()) {
            throw new IllegalArgumentException("the fixture has no operation besides CREATE_USER and preparation WRITEs");
        }
        this.threadPrefix = threadPrefix;
        this.untimed = untimed;
    }

    @Override
    public PlannedOperation next() {
        if (pass < 0 || index == operations.size()) {
            index = 0;
            pass++;
            preparations.forEach(preparation -> untimed.accept(new PlannedOperation(preparation, passPrefix())));
        }
        return new PlannedOperation(operations.get(index++), passPrefix());
    }

    private String passPrefix() {
        return threadPrefix + "p" + pass + "/";
    }
}
