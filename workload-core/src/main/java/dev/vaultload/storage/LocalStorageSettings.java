package dev.vaultload.storage;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import java.util.List;

/** The settings of the local stores (MEMORY needs none). */
public final class LocalStorageSettings implements SettingDeclarations {
    public static final Setting FILESYSTEM_ROOT = Setting.optional("FILESYSTEM_ROOT", "a temporary directory, removed after the run",
            "directory of the FILESYSTEM provider");

    @Override
    public List<Setting> settings() {
        return List.of(FILESYSTEM_ROOT);
    }
}
