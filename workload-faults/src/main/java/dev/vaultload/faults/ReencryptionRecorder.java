package dev.vaultload.faults;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.ForwardingEngine;
import dev.vaultload.engine.UserCredentials;

/**
 * The engine under a tamper cell, telling {@link RunEvents} which stored documents each acknowledged REENCRYPT
 * rewrote: the store's calls alone do not say whether a document's last write was a WRITE's or a REENCRYPT's, and
 * the verdict counts the alterations that hit re-encrypted documents. Everything else goes to the engine unchanged.
 */
final class ReencryptionRecorder extends ForwardingEngine {
    private final RunEvents events;

    ReencryptionRecorder(Engine engine, RunEvents events) {
        super(engine);
        this.events = events;
    }

    @Override
    public void reencrypt(UserCredentials user, String path) {
        super.reencrypt(user, path);
        delegate().privateSpace(user).storeKey(path).ifPresent(events::reencrypted);
    }
}
