package dev.vaultload.vault;

import java.io.OutputStream;
import java.util.Collection;

/**
 * The encrypted storage engine, modelled on Datasafe: per user a password-protected keystore, a private
 * space of CMS-encrypted documents under encrypted paths, and an inbox that other users share into.
 * Thread-safe for many users at once and for one user from several threads.
 */
public interface Vault {

    /** Creates the user's keystore, public key and profile. Fails if the user exists. */
    void createUser(UserCredentials user);

    /**
     * Deletes everything of the user (keystore, public key, profile, private space, inbox) after checking the
     * password, and forgets the cached keys.
     */
    void destroyUser(UserCredentials user);

    /** The user's private space; unlocks (and caches) the keystore on first use. */
    PrivateSpace privateSpace(UserCredentials user);

    /** The user's inbox: what others shared with them. */
    Space inbox(UserCredentials user);

    /**
     * Encrypts once for all recipients (one recipient info each) and stores one copy in each recipient's
     * inbox at {@code path} when the stream is closed.
     */
    OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path);

    /** The settings in force, for reports. */
    VaultSettings settings();
}
