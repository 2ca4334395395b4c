package dev.vaultload.datasafe;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineContract;
import dev.vaultload.engine.EngineGuarantees;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.storage.BlobStore;

/**
 * DATASAFE passes the {@link EngineContract} over the harness's store. What Datasafe 1.0.3 guarantees, as
 * measured by the contract: content encrypted (CMS, AES-256-GCM), so tampering is detected; private paths
 * encrypted per segment; inbox paths stored in plain text (as ours).
 */
class DatasafeEngineContractTest extends EngineContract {

    @Override
    protected Engine openEngine(BlobStore store) {
        return new DatasafeEngineFactory().open(store, EngineOptions.defaults());
    }

    @Override
    protected EngineGuarantees guarantees() {
        return new EngineGuarantees(true, true, false, true, true);
    }
}
