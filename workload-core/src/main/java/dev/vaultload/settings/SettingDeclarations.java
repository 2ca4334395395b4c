package dev.vaultload.settings;

import java.util.List;

/**
 * The settings one part of Vaultload reads (the harness, a storage binding, an engine binding), found by
 * {@link SettingsRegistry} through {@link java.util.ServiceLoader}: name the class in
 * {@code META-INF/services/dev.vaultload.settings.SettingDeclarations}.
 */
public interface SettingDeclarations {
    List<Setting<?>> settings();

    /** Where these settings come in the registry: the harness's first (0), then the bindings' (1). */
    default int rank() {
        return 1;
    }
}
