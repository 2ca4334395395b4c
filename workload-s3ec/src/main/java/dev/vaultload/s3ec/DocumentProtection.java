package dev.vaultload.s3ec;

import dev.vaultload.engine.EngineDescription;
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

    EngineDescription description();
}
