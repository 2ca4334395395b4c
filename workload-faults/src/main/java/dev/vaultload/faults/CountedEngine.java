package dev.vaultload.faults;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.ForwardingEngine;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import java.io.OutputStream;
import java.util.Collection;

/**
 * An engine whose operations a {@link FaultWindow} counts instead of store calls: S3EC writes through S3 clients of its
 * own, so the harness's store never sees its calls, and a KMS that refuses at once fails its WRITEs before any store
 * call. Every replayed operation but CREATE_USER opens a space or a share once, so the window switches at the same
 * operations every run and heals within the replay, before the final validation.
 */
final class CountedEngine extends ForwardingEngine {
    private final FaultWindow window;

    CountedEngine(Engine delegate, FaultWindow window) {
        super(delegate);
        this.window = window;
    }

    @Override
    public PrivateSpace privateSpace(UserCredentials user) {
        window.call();
        return super.privateSpace(user);
    }

    @Override
    public Space inbox(UserCredentials user) {
        window.call();
        return super.inbox(user);
    }

    @Override
    public OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path) {
        window.call();
        return super.share(sender, recipientIds, path);
    }
}
