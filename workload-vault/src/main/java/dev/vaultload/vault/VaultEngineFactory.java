package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineFactory;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.storage.BlobStore;
import java.util.EnumSet;
import java.util.Set;

/** VAULTLOAD: our Datasafe-style engine, {@link DatasafeStyleVault}, and its simple adapter {@link SimpleVault}. */
public final class VaultEngineFactory implements EngineFactory {
    public static final String NAME = "VAULTLOAD";

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Refuses a key-manager configuration that cannot work: KMS_KEYS without a known KMS or with a binding setting
     * missing, KMS_KEY_CACHE without KMS_KEYS.
     */
    @Override
    public void check(EngineOptions options) {
        VaultKms.of(options.settings());
    }

    /**
     * ROTATE_KEY re-seals the keystore under the next password; REENCRYPT gives a document a new body key, but not
     * with CIPHER=NONE, whose documents are stored as they are and have no key to renew.
     */
    @Override
    public Set<OperationType> keyLifecycleOperations(EngineOptions options) {
        return options.cipher() == CipherSuite.NONE ? EnumSet.of(OperationType.ROTATE_KEY)
                : EnumSet.of(OperationType.ROTATE_KEY, OperationType.REENCRYPT);
    }

    @Override
    public Engine open(BlobStore store, EngineOptions options) {
        return new DatasafeStyleVault(store, VaultSettings.of(options), VaultKms.of(options.settings()));
    }

    @Override
    public Engine openSimple(BlobStore store, EngineOptions options) {
        return new SimpleVaultEngine(new DatasafeStyleVault(store, VaultSettings.of(options), VaultKms.of(options.settings())));
    }
}
