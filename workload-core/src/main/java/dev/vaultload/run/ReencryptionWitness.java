package dev.vaultload.run;

import dev.vaultload.fixture.Operation;
import dev.vaultload.stats.IntegrityViolation;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;

/**
 * Proves that a REENCRYPT encrypted its document again: the SHA-256 of the stored object is taken before the
 * operation and again after it, and must differ, and the document read back must still hold its content. Works
 * outside the operation's timing ({@link TimedOperation}), on the store's own bytes, so an engine that answers
 * without rewriting anything is caught whatever it says. An engine that names no object whose stored bytes the
 * store hands out ({@link dev.vaultload.engine.Space#ciphertextKey}: its layout is its own, or the server decrypts
 * on GET) leaves nothing to compare: then only the content is checked.
 */
final class ReencryptionWitness {
    private final BlobStore store;
    private final OperationExecutor executor;

    ReencryptionWitness(BlobStore store, OperationExecutor executor) {
        this.store = store;
        this.executor = executor;
    }

    /** The stored object before the REENCRYPT: its key and digest; empty when it cannot be had (the operation says why). */
    record Before(Operation.Reencrypt operation, String locationPrefix, Optional<String> storeKey, byte[] sha256) {
    }

    Before before(Operation.Reencrypt operation, String locationPrefix) {
        try {
            Optional<String> storeKey = executor.storeKeyOf(operation, locationPrefix);
            return new Before(operation, locationPrefix, storeKey, storeKey.map(this::sha256).orElse(null));
        } catch (RuntimeException unreadable) {
            // the REENCRYPT itself will meet the same failure and report it with its class
            return new Before(operation, locationPrefix, Optional.empty(), null);
        }
    }

    /**
     * @throws IntegrityViolation when the stored bytes did not change, or the content did
     * @throws dev.vaultload.stats.LostObject when the document is gone (found by the read back, as any READ's)
     */
    void requireReencrypted(Before before) {
        String where = before.operation().describe(before.locationPrefix());
        if (before.sha256() != null && sha256IfStored(before.storeKey().orElseThrow())
                .filter(after -> MessageDigest.isEqual(before.sha256(), after)).isPresent()) {
            throw new IntegrityViolation(where + ": acknowledged, but the stored object " + before.storeKey().get()
                    + " holds the same bytes as before");
        }
        try {
            executor.readBack(before.operation(), before.locationPrefix());
        } catch (IOException e) {
            throw new UncheckedIOException(where + ", read back: " + e.getMessage(), e);
        } catch (RuntimeException failure) {
            throw OwnerFailures.asSeenByOwner(failure, where + ", read back", true);
        }
    }

    /** Empty when the object is gone: the read back then judges that against the ledger. */
    private Optional<byte[]> sha256IfStored(String storeKey) {
        try {
            return Optional.of(sha256(storeKey));
        } catch (BlobNotFoundException gone) {
            return Optional.empty();
        }
    }

    private byte[] sha256(String storeKey) {
        try (InputStream in = store.get(storeKey)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
            return digest.digest();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + storeKey + " failed", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
