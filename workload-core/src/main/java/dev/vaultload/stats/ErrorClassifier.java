package dev.vaultload.stats;

import dev.vaultload.engine.EngineException;
import dev.vaultload.storage.BlobStoreException;

/** Maps a failure to its {@link ErrorClass} by walking its cause chain to the first typed exception. */
public final class ErrorClassifier {

    private ErrorClassifier() {
    }

    public static ErrorClass classify(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof IndeterminateOutcome) {
                return ErrorClass.IN_DOUBT;
            }
            if (t instanceof LostObject) {
                return ErrorClass.LOST;
            }
            if (t instanceof IntegrityViolation) {
                return ErrorClass.INTEGRITY;
            }
            if (t instanceof EngineException vault) {
                return classify(vault.reason());
            }
            if (t instanceof BlobStoreException store) {
                return classify(store.kind());
            }
            if (t instanceof java.net.SocketTimeoutException || t instanceof java.util.concurrent.TimeoutException) {
                return ErrorClass.TIMEOUT;
            }
        }
        return ErrorClass.OTHER;
    }

    /** Whether the store answered that the object does not exist. */
    public static boolean isNotFound(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof BlobStoreException store) {
                return store.kind() == BlobStoreException.Kind.NOT_FOUND;
            }
        }
        return false;
    }

    private static ErrorClass classify(EngineException.Reason reason) {
        return switch (reason) {
            case INTEGRITY -> ErrorClass.INTEGRITY;
            case ACCESS_DENIED, WRONG_PASSWORD, UNKNOWN_USER, USER_EXISTS, INVALID_PATH, RANGE_NOT_SATISFIABLE ->
                    ErrorClass.CLIENT;
        };
    }

    private static ErrorClass classify(BlobStoreException.Kind kind) {
        return switch (kind) {
            // A document the fixture says exists is gone: that is lost data, not a client mistake.
            case NOT_FOUND -> ErrorClass.INTEGRITY;
            case CLIENT -> ErrorClass.CLIENT;
            case LIMIT_EXCEEDED -> ErrorClass.LIMIT_EXCEEDED;
            case TIMEOUT -> ErrorClass.TIMEOUT;
            case SERVER -> ErrorClass.SERVER;
            case OTHER -> ErrorClass.OTHER;
        };
    }
}
