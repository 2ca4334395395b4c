package dev.vaultload.engine;

import dev.vaultload.storage.BlobStore;

/** The test engine passes the contract while promising nothing, which keeps every "else" branch of it honest. */
class PlaintextEngineContractTest extends EngineContract {

    @Override
    protected Engine openEngine(BlobStore store) {
        return new PlaintextEngine(store);
    }

    @Override
    protected EngineGuarantees guarantees() {
        return EngineGuarantees.NONE;
    }
}
