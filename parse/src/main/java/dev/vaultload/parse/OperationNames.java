package dev.vaultload.parse;

import dev.vaultload.fixture.OperationType;
import java.util.Arrays;
import java.util.Optional;

/** Operation types from the names results and logs carry them by (measurements, .hlog tags, chart labels). */
final class OperationNames {
    private OperationNames() {
    }

    /** The operation type so named; empty for any other name. */
    static Optional<OperationType> type(String name) {
        return Arrays.stream(OperationType.values()).filter(type -> type.name().equals(name)).findFirst();
    }
}
