package dev.vaultload.run.load;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.storage.BlobStore;

/** Workloads for the load-mode tests: the small fixture's users, cheap keystores, 1 KiB documents. */
public final class LoadFixtures {
    public static final long FILE_SIZE_BYTES = 1024;

    private LoadFixtures() {
    }

    public static LoadWorkload workload(LoadOperation operation, BlobStore store, CipherSuite cipher) {
        Fixture fixture = new FixtureLoader().loadResource("fixtures/fixture-small.json");
        return LoadWorkload.prepare(operation, fixture, store, PlaintextEngine::new, new ContentGenerator(), FILE_SIZE_BYTES);
    }
}
