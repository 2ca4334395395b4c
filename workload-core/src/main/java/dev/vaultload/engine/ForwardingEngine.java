package dev.vaultload.engine;

import java.io.OutputStream;
import java.util.Collection;

/** An Engine that passes every call to another: the base of decorators and test doubles that change a few calls. */
public abstract class ForwardingEngine implements Engine {
    private final Engine delegate;

    protected ForwardingEngine(Engine delegate) {
        this.delegate = delegate;
    }

    protected Engine delegate() {
        return delegate;
    }

    @Override
    public void createUser(UserCredentials user) {
        delegate.createUser(user);
    }

    @Override
    public void destroyUser(UserCredentials user) {
        delegate.destroyUser(user);
    }

    @Override
    public PrivateSpace privateSpace(UserCredentials user) {
        return delegate.privateSpace(user);
    }

    @Override
    public Space inbox(UserCredentials user) {
        return delegate.inbox(user);
    }

    @Override
    public OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path) {
        return delegate.share(sender, recipientIds, path);
    }

    @Override
    public void rotateKey(UserCredentials user, Password nextPassword) {
        delegate.rotateKey(user, nextPassword);
    }

    @Override
    public void reencrypt(UserCredentials user, String path) {
        delegate.reencrypt(user, path);
    }

    @Override
    public KeyMaterialCheck checkKeyMaterial(UserCredentials user) {
        return delegate.checkKeyMaterial(user);
    }

    @Override
    public EngineDescription description() {
        return delegate.description();
    }
}
