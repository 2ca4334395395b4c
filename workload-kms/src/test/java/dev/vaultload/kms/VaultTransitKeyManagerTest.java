package dev.vaultload.kms;

import dev.vaultload.kms.vault.VaultTransitKeyManagerFactory;
import java.util.Map;

/** The VAULT_TRANSIT binding against the server of scripts/start-vault.sh. */
class VaultTransitKeyManagerTest extends RemoteKeyManagerContract {
    @Override
    String kms() {
        return VaultTransitKeyManagerFactory.NAME;
    }

    @Override
    Map<String, String> endpointAt(int port) {
        return Map.of(KmsSettings.VAULT_URL.name(), "https://127.0.0.1:" + port);
    }
}
