package dev.vaultload.run;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.BlobStore;
import java.io.OutputStream;
import java.util.Collection;

/**
 * PlaintextEngine that acknowledges ROTATE_KEY and REENCRYPT and does neither: PlaintextEngine checks no password,
 * so the old one goes on opening everything, and a document's stored bytes stay as they were. Tests override one
 * operation to fake another failure.
 */
public class PretendingEngine implements Engine {
    private final Engine plaintext;

    public PretendingEngine(BlobStore store) {
        this.plaintext = new PlaintextEngine(store);
    }

    @Override
    public void rotateKey(UserCredentials user, Password nextPassword) {
    }

    @Override
    public void reencrypt(UserCredentials user, String path) {
    }

    @Override
    public void createUser(UserCredentials user) {
        plaintext.createUser(user);
    }

    @Override
    public void destroyUser(UserCredentials user) {
        plaintext.destroyUser(user);
    }

    @Override
    public PrivateSpace privateSpace(UserCredentials user) {
        return plaintext.privateSpace(user);
    }

    @Override
    public Space inbox(UserCredentials user) {
        return plaintext.inbox(user);
    }

    @Override
    public OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path) {
        return plaintext.share(sender, recipientIds, path);
    }

    @Override
    public EngineDescription description() {
        return plaintext.description();
    }
}
