package dev.vaultload.vault;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.util.List;

/** The settings of the VAULTLOAD engine. */
public final class VaultEngineSettings implements SettingDeclarations {
    public static final Setting<KeyPairAlgorithm> INBOX_KEY_ALGORITHM = Setting.of("INBOX_KEY_ALGORITHM",
            SettingType.choice(KeyPairAlgorithm.class), KeyPairAlgorithm.X25519.name(),
            "the VAULTLOAD engine's inbox key pair, which shares are encrypted to: `X25519` (key agreement, RFC 8418's"
                    + " HKDF), `EC_P256` (key agreement, as Datasafe) or `RSA_2048` (key transport, OAEP)")
            .forEngines(VaultEngineFactory.NAME);

    @Override
    public String topic() {
        return "Engine VAULTLOAD";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(INBOX_KEY_ALGORITHM);
    }
}
