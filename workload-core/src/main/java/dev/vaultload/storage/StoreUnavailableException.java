package dev.vaultload.storage;

/**
 * A storage provider whose store could not be used when the run started (refused, unknown host, TLS failure, timeout,
 * bad credentials): nothing was measured, so it is neither a failed run nor bad input, and the command line gives it
 * an exit status of its own. The message names the provider and the store's failure, never a secret.
 */
public final class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String provider, BlobStoreException cause) {
        super(provider + ": the store could not be used at the start (" + cause.kind() + "): " + cause.getMessage(), cause);
    }
}
