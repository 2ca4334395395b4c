package dev.vaultload.vault;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.KeyMaterialCheck;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collection;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The engine view of {@link SimpleVault}'s document calls (storeDocument, readDocument, list,
 * deleteDocument), as Datasafe's simple-adapter suite drives its SimpleDatasafeService. The simple API has
 * no inbox, so the suite runs private-space-only fixtures.
 */
final class SimpleVaultEngine implements Engine {
    private final Engine vault;
    private final SimpleVault simple;
    private final EngineDescription description;

    SimpleVaultEngine(Engine vault) {
        this.vault = vault;
        this.simple = new SimpleVault(vault);
        this.description = vault.description();
    }

    @Override
    public void createUser(UserCredentials user) {
        simple.createUser(user);
    }

    @Override
    public void destroyUser(UserCredentials user) {
        simple.destroyUser(user);
    }

    @Override
    public PrivateSpace privateSpace(UserCredentials user) {
        return new PrivateSpace() {
            @Override
            public OutputStream write(String path) {
                return simple.storeDocument(user, path);
            }

            @Override
            public InputStream read(String path) {
                return simple.readDocument(user, path);
            }

            @Override
            public Stream<String> list(String prefix) {
                return simple.list(user, prefix).stream();
            }

            @Override
            public long delete(String prefix) {
                return simple.deleteDocument(user, prefix);
            }

            @Override
            public Optional<String> storeKey(String path) {
                return vault.privateSpace(user).storeKey(path);
            }
        };
    }

    @Override
    public KeyMaterialCheck checkKeyMaterial(UserCredentials user) {
        return vault.checkKeyMaterial(user);
    }

    @Override
    public void rotateKey(UserCredentials user, Password nextPassword) {
        vault.rotateKey(user, nextPassword);
    }

    @Override
    public void reencrypt(UserCredentials user, String path) {
        vault.reencrypt(user, path);
    }

    @Override
    public Space inbox(UserCredentials user) {
        throw new UnsupportedOperationException("the simple adapter has no inbox: use a private-only fixture");
    }

    @Override
    public OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path) {
        throw new UnsupportedOperationException("the simple adapter cannot share: use a private-only fixture");
    }

    @Override
    public EngineDescription description() {
        return description;
    }
}
