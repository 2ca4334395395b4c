package dev.vaultload.run.load;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.vault.CipherSuite;
import dev.vaultload.vault.DatasafeStyleVault;
import dev.vaultload.vault.VaultSettings;

/** Workloads for the load-mode tests: the small fixture's users, cheap keystores, 1 KiB documents. */
public final class LoadFixtures {
    public static final long FILE_SIZE_BYTES = 1024;

    private LoadFixtures() {
    }

    public static LoadWorkload workload(LoadOperation operation, BlobStore store, CipherSuite cipher) {
        Fixture fixture = new FixtureLoader().loadResource("fixtures/fixture-small.json");
        DatasafeStyleVault vault = new DatasafeStyleVault(store,
                VaultSettings.defaults().withCipher(cipher).withKdfIterations(1000));
        return LoadWorkload.prepare(operation, fixture, vault, new ContentGenerator(), FILE_SIZE_BYTES);
    }
}
