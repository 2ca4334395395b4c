package dev.vaultload.kms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingsRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyManagersTest {

    @Test
    void bindingsAreFoundByNameInAnyCase() {
        assertEquals("KES", KeyManagers.named("kes").name());
        assertEquals("AWS_KMS", KeyManagers.named("aws_kms").name());
        assertEquals("PKCS11", KeyManagers.named("pkcs11").name());
        assertEquals("VAULT_TRANSIT", KeyManagers.named("vault_transit").name());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> KeyManagers.named("VAULT"));
        assertEquals("Invalid KMS='VAULT': expected one of [AWS_KMS, KES, PKCS11, VAULT_TRANSIT]", unknown.getMessage());
    }

    @Test
    void settingsAreRegisteredOnceAndCheckedBeforeUse() {
        List<String> names = SettingsRegistry.all().stream().map(Setting::name).toList();
        assertTrue(names.containsAll(List.of("KMS", "KMS_TIMEOUT", "KMS_HTTP_VERSION", "KMS_HTTP_EXECUTOR", "KES_URL", "KES_CA_PATH",
                "KES_CLIENT_CERT", "KES_CLIENT_KEY", "KES_KEY_NAME", "AWS_KMS_URL", "AWS_KMS_KEY_ID", "AWS_KMS_REGION", "PKCS11_LIBRARY",
                "PKCS11_SLOT_INDEX", "PKCS11_PIN", "PKCS11_KEY_LABEL")), names.toString());
        assertThrows(IllegalArgumentException.class, () -> SettingsRegistry.checkAll(Map.of("KES_URL", "http://127.0.0.1:7373")::get));
        IllegalArgumentException protocol = assertThrows(IllegalArgumentException.class,
                () -> SettingsRegistry.checkAll(Map.of("KMS_HTTP_VERSION", "HTTP_3")::get));
        assertTrue(protocol.getMessage().startsWith("Invalid KMS_HTTP_VERSION='HTTP_3'"), protocol.getMessage());
        IllegalArgumentException executor = assertThrows(IllegalArgumentException.class,
                () -> SettingsRegistry.checkAll(Map.of("KMS_HTTP_EXECUTOR", "VIRTUAL")::get));
        assertTrue(executor.getMessage().startsWith("Invalid KMS_HTTP_EXECUTOR='VIRTUAL'"), executor.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> KeyManagers.named("KES").open(Map.of("KES_URL", "https://127.0.0.1:7373")::get));
        assertTrue(missing.getMessage().startsWith("Invalid KES_CLIENT_CERT: unset"), missing.getMessage());
    }
}
