package dev.vaultload.run;

/**
 * Where a failure happened, as a report must name it: the operation or check with its user, space and path, the
 * store key of the object behind it (null when the engine does not say), and the operation's position in the
 * fixture (null for checks that are not one operation).
 */
record FailureContext(String operation, String storeKey, Integer operationIndex) {

    static FailureContext of(String operation) {
        return new FailureContext(operation, null, null);
    }
}
