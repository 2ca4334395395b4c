package dev.vaultload.s3ec;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineGuarantees;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.storage.BlobStore;
import java.io.ByteArrayInputStream;

/**
 * The contract for a server-side encryption engine. Through the S3 API the server hands plaintext to whoever may
 * GET: the contract's store (the bucket's credentials, and for SSE-C the application's keys) reads content and
 * paths, rewrites bytes unnoticed and moves documents between users, so these engines promise nothing the contract
 * checks ({@link EngineGuarantees#NONE}); what they protect is the disk, which {@code CiphertextAtRestTest} proves.
 */
abstract class SseEngineContract extends S3EngineContract {

    abstract SseMode mode();

    /** Copies stream through the client ({@link ClientCopyStore}), as a misrouting administrator's would. */
    @Override
    protected BlobStore newStore() {
        BlobStore bucket = super.newStore();
        return mode() == SseMode.SSE_C ? new CustomerKeyedStore(bucket, S3Endpoints.client(access()), access().bucket())
                : new ClientCopyStore(bucket);
    }

    @Override
    Engine open(S3Access access, EngineOptions options) {
        return SseEngineFactory.open(mode(), access, options);
    }

    /** The contract's tamperer writes plain bytes through the store: the server keeps them as they come. */
    @Override
    protected void replaceContent(String key, byte[] bytes) {
        store.put(key, new ByteArrayInputStream(bytes), bytes.length);
    }

    @Override
    protected EngineGuarantees guarantees() {
        return EngineGuarantees.NONE;
    }
}
