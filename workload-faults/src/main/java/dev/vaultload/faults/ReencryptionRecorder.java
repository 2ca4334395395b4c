package dev.vaultload.faults;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.KeyMaterialCheck;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import java.io.OutputStream;
import java.util.Collection;

/**
 * The engine under a tamper cell, telling {@link RunEvents} which stored documents each acknowledged REENCRYPT
 * rewrote: the store's calls alone do not say whether a document's last write was a WRITE's or a REENCRYPT's, and
 * the verdict counts the alterations that hit re-encrypted documents. Everything else goes to the engine unchanged.
 */
final class ReencryptionRecorder implements Engine {
    private final Engine engine;
    private final RunEvents events;

    ReencryptionRecorder(Engine engine, RunEvents events) {
        this.engine = engine;
        this.events = events;
    }

    @Override
    public void reencrypt(UserCredentials user, String path) {
        engine.reencrypt(user, path);
        engine.privateSpace(user).storeKey(path).ifPresent(events::reencrypted);
    }

    @Override
    public void createUser(UserCredentials user) {
        engine.createUser(user);
    }

    @Override
    public void destroyUser(UserCredentials user) {
        engine.destroyUser(user);
    }

    @Override
    public PrivateSpace privateSpace(UserCredentials user) {
        return engine.privateSpace(user);
    }

    @Override
    public Space inbox(UserCredentials user) {
        return engine.inbox(user);
    }

    @Override
    public OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path) {
        return engine.share(sender, recipientIds, path);
    }

    @Override
    public void rotateKey(UserCredentials user, Password nextPassword) {
        engine.rotateKey(user, nextPassword);
    }

    @Override
    public KeyMaterialCheck checkKeyMaterial(UserCredentials user) {
        return engine.checkKeyMaterial(user);
    }

    @Override
    public EngineDescription description() {
        return engine.description();
    }
}
