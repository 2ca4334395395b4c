package dev.vaultload.run.load;

import dev.vaultload.fixture.Operation;

/** An operation and the location prefix it runs under, as {@code OperationExecutor.execute} takes them. */
public record PlannedOperation(Operation operation, String locationPrefix) {
}
