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
    public static final Setting<KmsKeys> KMS_KEYS = Setting.of("KMS_KEYS", SettingType.choice(KmsKeys.class),
            KmsKeys.NONE.name(), "what the key manager named by KMS protects in the VAULTLOAD engine: `NONE`;"
                    + " `DOCUMENT`: each document's key derives from a KMS data key that the document carries wrapped"
                    + " (a GenerateDataKey per WRITE and SHARE, a Decrypt per READ, fewer with KMS_KEY_CACHE); or"
                    + " `KEYSTORE`: each user's keystore is sealed under its password and a KMS data key that it carries"
                    + " wrapped (a GenerateDataKey per CREATE_USER and ROTATE_KEY, a Decrypt per operation that opens"
                    + " the keystore, fewer with KMS_KEY_CACHE)")
            .forEngines(VaultEngineFactory.NAME);
    public static final Setting<KmsKeyCache> KMS_KEY_CACHE = Setting.of("KMS_KEY_CACHE", KmsKeyCache.TYPE,
            KmsKeyCache.OFF.toString(), "with `KMS_KEYS=DOCUMENT` or `KEYSTORE`, how long a KMS data key stays in"
                    + " memory: `OFF` (a call per document, or per operation that opens a keystore), `USER` (one data key"
                    + " per writing user, or one Decrypt per keystore, for the run) or a duration such as `5m` (a data key"
                    + " per user renewed, or a keystore opened again, that often: as S3 Bucket Keys); keys opened for"
                    + " reading are kept as long").forEngines(VaultEngineFactory.NAME);

    @Override
    public String topic() {
        return "Engine VAULTLOAD";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(INBOX_KEY_ALGORITHM, KMS_KEYS, KMS_KEY_CACHE);
    }
}
