package dev.vaultload.s3ec;

import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.RangeSlice;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import java.io.InputStream;
import java.util.List;

/**
 * How one engine of this module protects the objects {@link ObjectEngine} lays out: S3EC encrypts in the client,
 * the SSE_* engines ask the server to. Every call names the object's key; failures are the harness's
 * ({@code EngineException}, {@code BlobStoreException}).
 */
interface DocumentProtection {

    /** Creates and stores the user's key material, if the engine keeps any; the user does not exist yet. */
    void createUser(UserCredentials user);

    /** Unlocks the user's key material, once per user and password (WRONG_PASSWORD when the password does not open it). */
    void unlock(UserCredentials user);

    /** Drops what {@link #unlock} and shares cached of the user. */
    void forget(String userId);

    void write(UserCredentials owner, String key, Spool document);

    /** Stores {@code document} at each of {@code inboxKeys}, readable by the recipient at the same index. */
    void share(UserCredentials sender, List<String> recipientIds, List<String> inboxKeys, Spool document);

    /** The plaintext of the document at {@code key} in the reader's private space or inbox. */
    InputStream read(UserCredentials reader, String key, boolean inbox);

    /**
     * Bytes {@code firstByte} to {@code lastByte} of that plaintext, as {@link Space#read(String, long, long)}. This
     * default reads the whole document, so that all of it is authenticated, and slices it, as the harness's default
     * does: S3EC's own ranged GET decrypts the range unauthenticated (AES-CTR, only with its legacy unauthenticated
     * modes enabled) and hangs on a range past the end (aws/amazon-s3-encryption-client-java#301).
     */
    default InputStream read(UserCredentials reader, String key, boolean inbox, long firstByte, long lastByte) {
        RangeSlice.requireRange(firstByte, lastByte);
        return RangeSlice.ofWholeRead(read(reader, key, inbox), firstByte, lastByte);
    }

    /**
     * ROTATE_KEY: moves the user's secret from {@code user}'s password to {@code next}, so that the old password opens
     * none of the user's documents (WRONG_PASSWORD, changing nothing, when {@code user}'s password is not the current
     * one). Only called when the factory lists ROTATE_KEY for this protection.
     */
    void rotateKey(UserCredentials user, Password next);

    /**
     * REENCRYPT of the owner's private document at {@code key}, whole or not at all. {@code rewrite} reads the
     * document through this protection and writes it again (a new data key), for a protection whose server cannot
     * re-encrypt in place.
     */
    void reencrypt(UserCredentials owner, String key, Runnable rewrite);

    /**
     * Whether a plain GET of a document's object returns its ciphertext (client-side encryption), so that a
     * re-encryption can be seen in its bytes; false where the server decrypts on GET.
     */
    boolean storesCiphertext();

    EngineDescription description();
}
