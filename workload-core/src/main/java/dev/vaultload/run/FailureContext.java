package dev.vaultload.run;

import java.util.List;

/**
 * Where a failure happened, as a report must name it: the operation or check with its user, space and path, the
 * store keys of the objects behind it (one, or each document a LIST found at fault; empty when the engine does not
 * say), and the operation's position in the fixture (null for checks that are not one operation).
 */
record FailureContext(String operation, List<String> storeKeys, Integer operationIndex) {

    FailureContext {
        storeKeys = List.copyOf(storeKeys);
    }

    static FailureContext of(String operation) {
        return new FailureContext(operation, List.of(), null);
    }

    /** @param storeKey the object behind the failure; null when unknown */
    static FailureContext of(String operation, String storeKey) {
        return new FailureContext(operation, storeKey == null ? List.of() : List.of(storeKey), null);
    }
}
