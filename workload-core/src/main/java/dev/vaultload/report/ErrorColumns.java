package dev.vaultload.report;

import dev.vaultload.stats.ErrorClass;

/** The KMS tool's names of the error counters: ClientErrorCount, LimitExceededErrorCount, ... */
final class ErrorColumns {
    private ErrorColumns() {
    }

    static String name(ErrorClass errorClass) {
        return switch (errorClass) {
            case CLIENT -> "ClientErrorCount";
            case LIMIT_EXCEEDED -> "LimitExceededErrorCount";
            case TIMEOUT -> "TimeoutErrorCount";
            case SERVER -> "ServerErrorCount";
            case INTEGRITY -> "IntegrityErrorCount";
            case LOST -> "LostErrorCount";
            case IN_DOUBT -> "InDoubtErrorCount";
            case OTHER -> "OtherErrorCount";
        };
    }
}
