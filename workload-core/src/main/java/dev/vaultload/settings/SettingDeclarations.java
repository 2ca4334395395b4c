package dev.vaultload.settings;

import java.util.List;

/**
 * The settings one part of Vaultload reads (the harness, a storage binding, an engine binding), found by
 * {@link SettingsRegistry} through {@link java.util.ServiceLoader}: name the class in
 * {@code META-INF/services/dev.vaultload.settings.SettingDeclarations}.
 */
public interface SettingDeclarations {
    List<Setting<?>> settings();

    /** Where these settings come in the registry: what every run sets first (-1), the harness's (0), the bindings' (1). */
    default int rank() {
        return 1;
    }

    /** The heading these settings stand under in help, e.g. {@code S3 stores}. */
    String topic();
}
