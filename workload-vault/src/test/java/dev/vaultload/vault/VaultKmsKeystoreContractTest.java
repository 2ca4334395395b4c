package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineContract;
import dev.vaultload.engine.EngineGuarantees;
import dev.vaultload.kms.KmsServers;
import dev.vaultload.kms.aws.AwsKmsKeyManagerFactory;
import dev.vaultload.kms.kes.KesKeyManagerFactory;
import dev.vaultload.storage.BlobStore;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * VAULTLOAD with KMS_KEYS=KEYSTORE passes the {@link EngineContract} as without a KMS (AES256_GCM: documents stay on
 * the CMS envelope), on each real KMS, once with every operation opening the keystore at the KMS (cache OFF) and once
 * with each keystore opened once (USER). Skipped without the servers unless VAULTLOAD_REQUIRE_KMS=true.
 */
@ParameterizedClass
@CsvSource({KesKeyManagerFactory.NAME + ", OFF", AwsKmsKeyManagerFactory.NAME + ", USER"})
class VaultKmsKeystoreContractTest extends EngineContract {

    private final String kms;
    private final String cache;

    VaultKmsKeystoreContractTest(String kms, String cache) {
        this.kms = kms;
        this.cache = cache;
    }

    @Override
    protected Engine openEngine(BlobStore store) {
        return new DatasafeStyleVault(store, VaultTestSupport.settings(CipherSuite.AES256_GCM),
                VaultKms.of(KmsServers.with(KmsServers.settings(kms), Map.of(VaultEngineSettings.KMS_KEYS.name(),
                        KmsKeys.KEYSTORE.name(), VaultEngineSettings.KMS_KEY_CACHE.name(), cache))));
    }

    @Override
    protected EngineGuarantees guarantees() {
        return new EngineGuarantees(true, true, false, true, true);
    }
}
