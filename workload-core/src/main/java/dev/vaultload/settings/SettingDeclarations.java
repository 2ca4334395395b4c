package dev.vaultload.settings;

import java.util.List;

/**
 * The settings one part of Vaultload reads (the harness, a storage binding, an engine binding), found by
 * {@link SettingsRegistry} through {@link java.util.ServiceLoader}: name the class in
 * {@code META-INF/services/dev.vaultload.settings.SettingDeclarations}.
 */
public interface SettingDeclarations {
    List<Setting> settings();
}
