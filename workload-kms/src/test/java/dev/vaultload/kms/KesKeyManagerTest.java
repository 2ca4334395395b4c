package dev.vaultload.kms;

import dev.vaultload.kms.kes.KesKeyManagerFactory;
import java.util.Map;

/** The KES binding against the server of scripts/start-kes.sh. */
class KesKeyManagerTest extends RemoteKeyManagerContract {
    @Override
    String kms() {
        return KesKeyManagerFactory.NAME;
    }

    @Override
    Map<String, String> endpointAt(int port) {
        return Map.of(KmsSettings.KES_URL.name(), "https://127.0.0.1:" + port);
    }
}
