package dev.vaultload.kms;

import dev.vaultload.engine.KeyManagerFailure;
import dev.vaultload.storage.BlobStoreException;

/**
 * A KMS call that failed. It is a {@link BlobStoreException}, the type {@link dev.vaultload.stats.ErrorClassifier}
 * counts by its kind, so a KMS failure is counted as a store's: refused for rate (429, ThrottlingException)
 * LIMIT_EXCEEDED, refused otherwise (4xx) CLIENT, failed (5xx, no connection) SERVER, too slow TIMEOUT. Never of kind
 * NOT_FOUND, which the harness counts as lost data: an unknown key is the caller's mistake, CLIENT.
 */
public class KeyManagerException extends BlobStoreException implements KeyManagerFailure {

    public KeyManagerException(Kind kind, String message, Throwable cause) {
        super(kind, message, cause);
        if (kind == Kind.NOT_FOUND) {
            throw new IllegalArgumentException("a KMS failure is never NOT_FOUND: " + message);
        }
    }

    public KeyManagerException(Kind kind, String message) {
        this(kind, message, null);
    }
}
