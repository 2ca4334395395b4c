package dev.vaultload.datasafe;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.util.List;

/** The settings of the DATASAFE engine. */
public final class DatasafeSettings implements SettingDeclarations {
    static final String NATIVE = "NATIVE";
    public static final Setting<String> DATASAFE_STORAGE = Setting.of("DATASAFE_STORAGE",
            SettingType.oneOf(List.of("ADAPTER", NATIVE)), "ADAPTER",
            "how DATASAFE stores: `ADAPTER` (through the harness's store: every provider, buckets, time split) or `NATIVE`"
                    + " (Datasafe's own S3 adapter on the AWS SDK v1, on the S3 provider's endpoint and bucket)")
            .forEngines(DatasafeEngineFactory.NAME);

    @Override
    public String topic() {
        return "Engine DATASAFE";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(DATASAFE_STORAGE);
    }
}
