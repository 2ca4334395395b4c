package dev.vaultload.s3ec;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineGuarantees;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.storage.StorageProvider;

/**
 * S3EC (AES keyring) on the embedded S3 server. What it guarantees, as the contract measures it: content encrypted
 * (AES-256-GCM, key-committing), tampering detected, a document moved into another user's space or inbox refused
 * (its data key does not unwrap); paths in plain text (S3EC does not touch object keys).
 */
class S3EcEngineContractTest extends S3EngineContract {

    @Override
    StorageProvider startProvider() {
        return TestServers.embedded();
    }

    @Override
    Engine open(S3Access access, EngineOptions options) {
        return S3EcEngineFactory.open(access, options);
    }

    @Override
    protected EngineGuarantees guarantees() {
        return new EngineGuarantees(true, false, false, true, true);
    }
}
