package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.storage.InMemoryBlobStore;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class VaultSettingsTest {

    private static EngineOptions options(Map<String, String> settings) {
        return new EngineOptions(CipherSuite.AES256_GCM, 1000, settings::get);
    }

    @ParameterizedTest
    @EnumSource(KeyPairAlgorithm.class)
    void theInboxKeyAlgorithmIsTheOneChosen(KeyPairAlgorithm algorithm) {
        VaultSettings settings = VaultSettings.of(options(Map.of("INBOX_KEY_ALGORITHM", algorithm.name().toLowerCase())));

        assertEquals(algorithm, settings.keyPairAlgorithm());
        assertEquals(algorithm.name(), new DatasafeStyleVault(new InMemoryBlobStore(), settings).description()
                .keyPairAlgorithm(), "the report names what the engine used");
    }

    @Test
    void x25519WhenUnset() {
        assertEquals(KeyPairAlgorithm.X25519, VaultSettings.of(options(Map.of())).keyPairAlgorithm());
    }

    @Test
    void anUnknownAlgorithmIsRefusedNamingTheSetting() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> VaultSettings.of(options(Map.of("INBOX_KEY_ALGORITHM", "DSA"))));

        assertEquals("Invalid INBOX_KEY_ALGORITHM='DSA': expected one of [EC_P256, RSA_2048, X25519]", refused.getMessage());
    }

    @Test
    void theSettingIsInTheRegistry() {
        assertTrue(SettingsRegistry.all().contains(VaultEngineSettings.INBOX_KEY_ALGORITHM));
    }
}
