package dev.vaultload.report;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;

/** One failed operation or validation check, as reported: never holds a secret, only what the message names. */
public record Failure(OperationType type, ErrorClass errorClass, String message) {
}
