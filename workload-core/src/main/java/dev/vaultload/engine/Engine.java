package dev.vaultload.engine;

import java.io.OutputStream;
import java.util.Collection;

/**
 * What a system under test must offer, modelled on Datasafe: per user a password-protected keystore, a private
 * space of encrypted documents, and an inbox that other users share into. Implementations are bindings (see
 * {@link EngineFactory}); they are thread-safe for many users at once and for one user from several threads.
 */
public interface Engine {

    /** Creates the user's keystore, public key and profile. Fails if the user exists. */
    void createUser(UserCredentials user);

    /**
     * Deletes everything of the user (keystore, public key, profile, private space, inbox) after checking the
     * password, and forgets any cached keys.
     */
    void destroyUser(UserCredentials user);

    /** The user's private space. */
    PrivateSpace privateSpace(UserCredentials user);

    /** The user's inbox: what others shared with them. */
    Space inbox(UserCredentials user);

    /**
     * A stream whose content lands in the inbox of every recipient at {@code path} when it is closed
     * (not in the sender's).
     */
    OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path);

    /**
     * ROTATE_KEY: changes the user's key-encryption secret from {@code user}'s password to {@code nextPassword}. Once
     * it returns, every document of the user opens with the next password and none with the old one (the harness
     * checks both), and shares addressed to the user stay readable. What rotates is the engine's to say in its
     * documentation. This default refuses: an engine that rotates lists ROTATE_KEY in
     * {@link EngineFactory#keyLifecycleOperations()}, and a run refuses a fixture with an operation its engine does not
     * list before it starts, so this is only reached by a caller that skipped that check.
     */
    default void rotateKey(UserCredentials user, Password nextPassword) {
        throw new UnsupportedOperationException("engine " + description().engine() + " does not support ROTATE_KEY");
    }

    /**
     * REENCRYPT: encrypts the user's private document at {@code path} again under a new data key and replaces the
     * stored object with it, whole or not at all: its content stays, its stored bytes change. This default refuses,
     * as {@link #rotateKey} does.
     */
    default void reencrypt(UserCredentials user, String path) {
        throw new UnsupportedOperationException("engine " + description().engine() + " does not support REENCRYPT");
    }

    /**
     * Reads the user's stored key material again, past every cache, and compares it with what this engine created
     * or first read, so that a run can prove that no keystore, public key or profile was altered or deleted while
     * it used cached copies. This default checks nothing ({@link KeyMaterialCheck#NOT_CHECKED}): for engines that
     * keep no record of their key material.
     */
    default KeyMaterialCheck checkKeyMaterial(UserCredentials user) {
        return KeyMaterialCheck.NOT_CHECKED;
    }

    /** The engine's name and the settings in force, for reports. */
    EngineDescription description();
}
