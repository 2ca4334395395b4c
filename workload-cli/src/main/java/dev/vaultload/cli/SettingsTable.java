package dev.vaultload.cli;

import dev.vaultload.settings.Setting;
import java.util.ArrayList;
import java.util.List;

/** The README's configuration table, made from the settings registry: a row per setting. */
final class SettingsTable {
    static final String HEADER = "| name | default | meaning |";

    private SettingsTable() {
    }

    static List<String> markdown(List<Setting<?>> settings) {
        List<String> rows = new ArrayList<>(List.of(HEADER, "|---|---|---|"));
        for (Setting<?> setting : settings) {
            rows.add("| `" + setting.name() + "` | " + defaultCell(setting) + " | " + setting.meaning() + " |");
        }
        return rows;
    }

    private static String defaultCell(Setting<?> setting) {
        if (setting.defaultValue() != null) {
            return "`" + setting.defaultValue() + "`";
        }
        return setting.defaultNote() == null ? "" : setting.defaultNote();
    }
}
