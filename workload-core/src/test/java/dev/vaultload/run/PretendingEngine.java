package dev.vaultload.run;

import dev.vaultload.engine.ForwardingEngine;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.BlobStore;

/**
 * PlaintextEngine that acknowledges ROTATE_KEY and REENCRYPT and does neither: PlaintextEngine checks no password,
 * so the old one goes on opening everything, and a document's stored bytes stay as they were. Tests override one
 * operation to fake another failure.
 */
public class PretendingEngine extends ForwardingEngine {

    public PretendingEngine(BlobStore store) {
        super(new PlaintextEngine(store));
    }

    @Override
    public void rotateKey(UserCredentials user, Password nextPassword) {
    }

    @Override
    public void reencrypt(UserCredentials user, String path) {
    }
}
