package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;

/**
 * One failed operation or validation check, as reported: never holds a secret, only what the message names.
 *
 * @param message        the operation or check, its user, space and path, and what went wrong
 * @param storeObject    the stored object a person must inspect (an S3 URI with its bucket, a file), when known
 * @param at             when the failure was seen, ISO-8601 UTC
 * @param operationIndex the operation's position in the fixture (0-based), for failures of a replayed operation
 */
public record Failure(OperationType type, ErrorClass errorClass, String message,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String storeObject,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String at,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Integer operationIndex) {

    /** One line for a console or a log: class, operation, message, and the object to inspect. */
    public String line() {
        return errorClass + " " + type + ": " + message + (storeObject == null ? "" : " [object " + storeObject + "]")
                + (operationIndex == null ? "" : " [fixture operation " + operationIndex + "]")
                + (at == null ? "" : " [at " + at + "]");
    }
}
